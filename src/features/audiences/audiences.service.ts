import { isUniqueViolation } from '../../db/errors.js';
import type { AudiencesTable, AudienceVersionsTable, Db, Executor, PagesTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import {
  type AudienceContent,
  effectiveActions,
  effectiveContent,
  isHttpUrl,
} from '../../domain/audience-content.js';
import { type PublicLinks, pagePath, previewUrl } from '../../domain/public-links.js';
import { firstFreeName, kebabName, personRouteKey } from '../../domain/public-paths.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { emitEvent } from '../../outbox/emit.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { addToAudiencesCount, findPage, lockPage } from '../pages/pages.repository.js';
import { contentPageOf, type Metadata, pageActions, pageMetadata } from '../pages/pages.schemas.js';
import { findPerson } from '../persons/persons.repository.js';
import { findTenantByIdOrName } from '../tenants/tenants.repository.js';
import { announceIfQueued, audienceEvent, emitVersionEvent } from './audience-events.js';
import {
  findRouteKeysLike,
  insertAudience,
  insertConversation,
  lockAudience,
  updateAudienceRow,
} from './audiences.repository.js';
import {
  type Audience,
  type AudienceInput,
  type AudienceVersion,
  contentAudienceOf,
  type EffectiveContent,
  toVersion,
} from './audiences.schemas.js';
import {
  latestVersion,
  publishedVersion,
  transitionVersion,
  waitingVersionIds,
} from './versions.repository.js';
import { enqueueVersion } from './versions.service.js';

/**
 * Creates an audience of a page with its conversation, and queues version 1 for the page agent.
 * The page's audiencesCount moves in the same transaction.
 */
export async function createAudience(db: Db, tenantId: string, pageId: string, input: AudienceInput) {
  checkActionUrlOverride(input);
  const person = input.personId == null ? null : await findPerson(db, tenantId, input.personId);
  if (person === undefined) throw ApiError.notFound('Person');
  const routeKey =
    person !== null
      ? personRouteKey(person.slug)
      : (input.routeKey ?? (await freeRouteKey(db, tenantId, pageId, input.customName ?? '')));
  return routeKeyChecked(routeKey, () =>
    writeTransaction(db, (tx) => insertAudienceIn(tx, tenantId, pageId, input, routeKey)),
  );
}

/**
 * The writes of createAudience inside the caller's transaction (createAudience, a target-list
 * import): the page locked, the audience, its conversation, the page's count, version 1 queued and
 * the events. The caller checked the input and chose a free route key.
 */
export async function insertAudienceIn(
  tx: Executor,
  tenantId: string,
  pageId: string,
  input: AudienceInput,
  routeKey: string,
) {
  const page = await lockPage(tx, tenantId, pageId);
  if (page === undefined) throw ApiError.notFound('Page');
  if (page.deleted_at !== null) throw new ApiError('conflict', 'The page is deleted: restore it first');
  const now = Date.now();
  const row: AudiencesTable = {
    tenant_id: tenantId,
    id: newId('audience'),
    page_id: pageId,
    person_id: input.personId ?? null,
    custom_name: input.customName ?? null,
    is_new_page_agent: 1,
    action_form_id_override: input.actionFormIdOverride ?? null,
    action_form_instructions_override: input.actionFormInstructionsOverride ?? null,
    action_url_override: input.actionUrlOverride ?? null,
    supplementary_context: input.supplementaryContext ?? null,
    metadata_override: input.metadataOverride == null ? null : JSON.stringify(input.metadataOverride),
    route_key: routeKey,
    last_version_number: 0,
    created_at: now,
    updated_at: now,
    archived_at: null,
  };
  await insertAudience(tx, row);
  await insertConversation(tx, {
    tenant_id: tenantId,
    id: newId('conversation'),
    audience_id: row.id,
    published_message_id: null,
    created_at: now,
    updated_at: now,
  });
  await addToAudiencesCount(tx, tenantId, pageId, 1);
  const version = await enqueueVersion(tx, row);
  const audience = { ...row, last_version_number: 1 };
  await emitEvent(tx, tenantId, audienceEvent('audience.created', await presentAudience(tx, audience, page)));
  await announceIfQueued(tx, row, version);
  return { audience, version };
}

/** A general audience's default route key: its name in kebab-case, free on the page. */
export async function freeRouteKey(db: Executor, tenantId: string, pageId: string, name: string) {
  const base = kebabName(name, 'audience');
  return firstFreeName(base, await findRouteKeysLike(db, tenantId, pageId, base));
}

async function routeKeyChecked<T>(routeKey: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError('conflict', `The route key "${routeKey}" is taken on this page`);
    throw error;
  }
}

export async function updateAudience(db: Db, tenantId: string, audienceId: string, input: AudienceInput) {
  checkActionUrlOverride(input);
  const person = input.personId == null ? null : await findPerson(db, tenantId, input.personId);
  if (person === undefined) throw ApiError.notFound('Person');
  const changes: Partial<AudiencesTable> = { updated_at: Date.now() };
  if (input.personId !== undefined) changes.person_id = input.personId;
  // A person's page gets a fresh unguessable key; a general audience keeps or takes the operator's.
  if (person !== null) changes.route_key = personRouteKey(person.slug);
  else if (input.routeKey !== undefined) changes.route_key = input.routeKey;
  if (input.customName !== undefined) changes.custom_name = input.customName;
  if (input.actionFormIdOverride !== undefined) changes.action_form_id_override = input.actionFormIdOverride;
  if (input.actionFormInstructionsOverride !== undefined)
    changes.action_form_instructions_override = input.actionFormInstructionsOverride;
  if (input.actionUrlOverride !== undefined) changes.action_url_override = input.actionUrlOverride;
  if (input.supplementaryContext !== undefined) changes.supplementary_context = input.supplementaryContext;
  if (input.metadataOverride !== undefined)
    changes.metadata_override =
      input.metadataOverride === null ? null : JSON.stringify(input.metadataOverride);
  const updated = await routeKeyChecked(changes.route_key ?? '', () =>
    updateAudienceRow(db, tenantId, audienceId, changes),
  );
  if (updated === undefined) throw ApiError.notFound('Audience');
  return updated;
}

/**
 * The override becomes every version's action URL, which the page agent may only keep when it is an
 * absolute http(s) URL: anything else would get every draft of the audience refused.
 */
function checkActionUrlOverride(input: AudienceInput): void {
  const url = input.actionUrlOverride;
  if (url != null && url !== '' && !isHttpUrl(url)) {
    throw ApiError.invalidField(
      '/actionUrlOverride',
      `actionUrlOverride must be an absolute http(s) URL such as https://example.com/demo (got "${url.slice(0, 80)}")`,
      'invalid_format',
    );
  }
}

/**
 * Archives an audience: it leaves the page's audiencesCount and its waiting (pending, queued)
 * versions are cancelled. A version being processed finishes as a draft. Idempotent.
 */
export async function archiveAudience(db: Db, tenantId: string, audienceId: string) {
  return writeTransaction(db, async (tx) => {
    const audience = await lockAudience(tx, tenantId, audienceId);
    if (audience === undefined) throw ApiError.notFound('Audience');
    if (audience.archived_at !== null) return audience;
    const now = Date.now();
    const reason = { code: 'audience_archived', message: 'The audience was archived.' };
    for (const id of await waitingVersionIds(tx, tenantId, audienceId)) {
      await transitionVersion(tx, tenantId, id, ['pending', 'queued'], {
        status: 'cancelled',
        cancelled_at: now,
      });
      await emitVersionEvent(tx, 'version.cancelled', audience, id, { reason, replyMessageId: null });
    }
    await addToAudiencesCount(tx, tenantId, audience.page_id, -1);
    const archived = (await updateAudienceRow(tx, tenantId, audienceId, {
      archived_at: now,
      updated_at: now,
    }))!;
    await emitEvent(tx, tenantId, audienceEvent('audience.archived', await presentAudience(tx, archived)));
    return archived;
  });
}

/**
 * "Ada Lovelace at Acme": the person and their company; the page name for a general audience.
 * Also returns the person and their account it read on the way.
 */
export async function computedNameOf(db: Executor, audience: AudiencesTable, page: PagesTable) {
  const general = { computedName: page.name, person: undefined, account: undefined };
  if (audience.person_id === null) return general;
  const person = await findPerson(db, audience.tenant_id, audience.person_id);
  if (person === undefined) return general;
  // The company is the person's account (by name), else the person's domain.
  const account =
    person.account_id === null ? undefined : await findAccount(db, audience.tenant_id, person.account_id);
  const company = account?.name ?? person.domain;
  return { computedName: company === null ? person.name : `${person.name} at ${company}`, person, account };
}

/** The Audience as the API shows it. */
export async function presentAudience(
  db: Executor,
  audience: AudiencesTable,
  page?: PagesTable,
  links?: PublicLinks,
): Promise<Audience> {
  const owner = page ?? (await findPage(db, audience.tenant_id, audience.page_id))!;
  const [{ computedName, person }, latest, published] = await Promise.all([
    computedNameOf(db, audience, owner),
    latestVersion(db, audience.tenant_id, audience.id),
    publishedVersion(db, audience.tenant_id, audience.id),
  ]);
  const override =
    audience.metadata_override === null ? null : (JSON.parse(audience.metadata_override) as Metadata);
  const pageMeta = pageMetadata(owner);
  // Extension fields: the audience's public page and signed previews of its versions with content.
  const handle =
    links === undefined ? null : ((await findTenantByIdOrName(db, audience.tenant_id))?.handle ?? null);
  const publicUrl =
    links === undefined || handle === null || owner.slug === null
      ? null
      : `${links.baseUrl}${pagePath(handle, owner.slug, audience.route_key)}`;
  const withPreview = (version: AudienceVersion, hasContent: boolean): AudienceVersion =>
    links === undefined || handle === null || !hasContent
      ? version
      : { ...version, previewUrl: previewUrl(links, audience.tenant_id, handle, version.versionId) };
  const effective =
    pageMeta === null && override === null ? null : { ...(pageMeta ?? {}), ...(override ?? {}) };
  return {
    audienceId: audience.id,
    pageId: audience.page_id,
    status: audience.archived_at !== null ? 'archived' : (latest?.status ?? 'pending'),
    computedName,
    customName: audience.custom_name,
    effectiveName: audience.custom_name ?? computedName,
    isNewPageAgent: audience.is_new_page_agent === 1,
    personId: audience.person_id,
    personRouteKey: person?.slug ?? null,
    ...(audience.route_key === null ? {} : { routeKey: audience.route_key }),
    actionFormIdOverride: audience.action_form_id_override,
    actionFormInstructionsOverride: audience.action_form_instructions_override,
    actionUrlOverride: audience.action_url_override,
    supplementaryContext: audience.supplementary_context,
    ...(publicUrl === null ? {} : { publicUrl }),
    latestVersion: latest === undefined ? null : withPreview(toVersion(latest), latest.content !== null),
    publishedVersion: published === undefined ? null : withPreview(toVersion(published), true),
    ...(effective === null ? {} : { effectiveMetadata: effective }),
    ...(override === null ? {} : { metadataOverride: override }),
    effectiveContent: effectiveContentOf(owner, audience, published ?? null),
    createdAt: toIso(audience.created_at),
    archivedAt: toIsoOrNull(audience.archived_at),
  };
}

/** What a visitor sees: the published version's content over the page, else the page with the audience's overrides. */
export function effectiveContentOf(
  page: PagesTable,
  audience: AudiencesTable,
  published: AudienceVersionsTable | null,
): EffectiveContent {
  const actions = pageActions(page);
  const content = effectiveContent(
    contentPageOf(page),
    contentAudienceOf(audience),
    published?.content == null ? null : (JSON.parse(published.content) as AudienceContent),
  );
  return {
    ...content,
    actions: effectiveActions(actions, page.header_action_id, content),
    versionId: published?.id ?? null,
  };
}
