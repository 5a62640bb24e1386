import type { Db } from '../../db/schema.js';
import type { PublicLinks } from '../../domain/public-links.js';
import { ApiError } from '../../errors.js';
import { isFlagSet } from '../../http/query-flags.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { toIso } from '../../time.js';
import { findPage } from '../pages/pages.repository.js';
import {
  type AudienceFilters,
  countAudiencesOfPage,
  findAudienceById,
  findConversation,
  listAudiencesOfPage,
} from './audiences.repository.js';
import { type Audience, type Change, toChange, toMessage } from './audiences.schemas.js';
import { presentAudience } from './audiences.service.js';
import { toVersionDetail, type VersionDetail } from './audiences-admin.schemas.js';
import {
  changesOfMessages,
  countMessages,
  listMessagesBefore,
  pageOfMessages,
} from './messages.repository.js';
import { countVersionsOfAudience, findVersion, listVersionsOfAudience } from './versions.repository.js';

/**
 * Operator reads of audiences, versions and conversations: the one implementation behind
 * `GET /admin/v0/tenants/{tenant}/...` and `quire audiences|versions|conversation list|show`.
 */
export async function listAudiences(
  db: Db,
  tenantId: string,
  pageId: string,
  request: AudienceFilters & PageRequest,
  links?: PublicLinks,
): Promise<Page<Audience>> {
  const page = await findPage(db, tenantId, pageId);
  if (page === undefined) throw ApiError.notFound('Page');
  const { cursor, limit, ...filters } = request;
  return keysetPage(
    { cursor, limit },
    {
      shape: ['number', 'string'], // created_at desc, id desc
      filters,
      fetch: (after, size) => listAudiencesOfPage(db, tenantId, pageId, filters, after, size),
      count: () => countAudiencesOfPage(db, tenantId, pageId, filters),
      keyOf: (row) => [row.created_at, row.id],
      map: (row) => presentAudience(db, row, page, links),
    },
  );
}

/** The list's query (admin API, /v0, CLI) as the filters the repository takes. */
export function audienceFilters(query: {
  status?: string;
  person?: string;
  published?: string;
  cursor?: string;
  limit?: number;
}): AudienceFilters & PageRequest {
  const { status, person, published, cursor, limit } = query;
  return {
    ...(status === undefined ? {} : { status }),
    ...(person === undefined ? {} : { personId: person }),
    ...(published === undefined ? {} : { published: isFlagSet(published) }),
    cursor,
    limit,
  };
}

async function requireAudienceOfTenant(db: Db, tenantId: string, audienceId: string) {
  const audience = await findAudienceById(db, tenantId, audienceId);
  if (audience === undefined) throw ApiError.notFound('Audience');
  return audience;
}

/** With `links`, the audience carries its `publicUrl` and its versions their `previewUrl`. */
export async function showAudience(
  db: Db,
  tenantId: string,
  audienceId: string,
  links?: PublicLinks,
): Promise<Audience> {
  return presentAudience(db, await requireAudienceOfTenant(db, tenantId, audienceId), undefined, links);
}

export async function listVersions(
  db: Db,
  tenantId: string,
  audienceId: string,
  request: PageRequest,
): Promise<Page<VersionDetail>> {
  await requireAudienceOfTenant(db, tenantId, audienceId);
  return keysetPage(request, {
    shape: ['number'], // version_number desc
    filters: { audienceId },
    fetch: (after, size) =>
      listVersionsOfAudience(db, tenantId, audienceId, after === null ? null : Number(after[0]), size),
    count: () => countVersionsOfAudience(db, tenantId, audienceId),
    keyOf: (row) => [row.version_number],
    map: toVersionDetail,
  });
}

export async function showVersion(db: Db, tenantId: string, versionId: string): Promise<VersionDetail> {
  const version = await findVersion(db, tenantId, versionId);
  if (version === undefined) throw ApiError.notFound('Version');
  return toVersionDetail(version);
}

/** The conversation of an audience, oldest message first, a page at a time. */
/**
 * A page of the conversation, oldest first. `from: 'newest'` starts at the newest end instead (a
 * chat shows its latest messages first): each page is then the window before the previous one,
 * still oldest first inside, and `nextCursor` reads older messages.
 */
export async function listConversation(
  db: Db,
  tenantId: string,
  audienceId: string,
  request: PageRequest & { from?: 'oldest' | 'newest' },
) {
  await requireAudienceOfTenant(db, tenantId, audienceId);
  const conversation = (await findConversation(db, tenantId, audienceId))!;
  const newest = request.from === 'newest';
  const page = await keysetPage(request, {
    shape: ['number', 'string'], // timestamp, id: ascending, or descending from the newest
    // The direction is part of the filters, so a cursor of one direction is refused by the other.
    filters: newest ? { audienceId, from: 'newest' } : { audienceId },
    fetch: (key, size) =>
      newest
        ? listMessagesBefore(db, tenantId, conversation.id, key, size - 1) // it reads one more itself
        : pageOfMessages(db, tenantId, conversation.id, key, size),
    count: () => countMessages(db, tenantId, conversation.id),
    keyOf: (row) => [row.timestamp, row.id],
    map: (row) => row,
  });
  if (newest) page.items.reverse();
  const byMessage = new Map<string, Change[]>();
  for (const change of await changesOfMessages(
    db,
    tenantId,
    page.items.map((m) => m.id),
  )) {
    byMessage.set(change.message_id, [...(byMessage.get(change.message_id) ?? []), toChange(change)]);
  }
  return {
    ...page,
    conversationId: conversation.id,
    audienceId,
    publishedMessageId: conversation.published_message_id,
    createdAt: toIso(conversation.created_at),
    items: page.items.map((m) => toMessage(m, byMessage.get(m.id) ?? [])),
  };
}
