import { randomUUID } from 'node:crypto';
import { createOnce, requestFingerprint } from '../../db/create-once.js';
import type { AudiencesTable, Db, Executor, MessagesTable, PagesTable } from '../../db/schema.js';
import type { SortKey, SortKeyShape } from '../../db/sort-key.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { type AudienceContent, defaultContent } from '../../domain/audience-content.js';
import { Gate } from '../../domain/gate.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { decodeCursor, encodeCursor, pageSize } from '../../lists/pagination.js';
import { toIso } from '../../time.js';
import { findPage } from '../pages/pages.repository.js';
import { contentPageOf } from '../pages/pages.schemas.js';
import { announceIfQueued, emitMessageCreated } from './audience-events.js';
import { findAudience, findConversation, lockAudience, touchConversation } from './audiences.repository.js';
import {
  type Change,
  type Conversation,
  contentAudienceOf,
  type MessageAccepted,
  type SendMessageBody,
  toChange,
  toMessage,
} from './audiences.schemas.js';
import {
  countMessages,
  findMessage,
  findMessageByClientId,
  insertMessageUnlessClientIdTaken,
  listChangesOfAudience,
  listMessages,
  listMessagesBefore,
  setMessageVersion,
} from './messages.repository.js';
import { findVersion, latestContentVersion, publishedVersion } from './versions.repository.js';
import { enqueueVersion } from './versions.service.js';

/** The audience of a page, or a 404 (an audience under another page's id is not found either). */
export async function requireAudience(db: Executor, tenantId: string, pageId: string, audienceId: string) {
  const audience = await findAudience(db, tenantId, pageId, audienceId);
  if (audience === undefined) throw ApiError.notFound('Audience');
  return audience;
}

/** A version of the audience of the page (all of the tenant); any other is not found. */
export async function requireVersionOfAudience(
  db: Executor,
  tenantId: string,
  pageId: string,
  audienceId: string,
  versionId: string,
) {
  const audience = await requireAudience(db, tenantId, pageId, audienceId);
  const version = await findVersion(db, tenantId, versionId);
  if (version === undefined || version.audience_id !== audience.id) throw ApiError.notFound('Version');
  return version;
}

/**
 * POST .../messages: the user's message is stored at once and queues a version whose result the
 * agent writes as its reply. Idempotent on clientMessageId (generated when omitted): the same id
 * and body replays the first answer, another body is a 422. Concurrent duplicates serialise on the
 * audience row lock and the unique index (tenant, conversation, clientMessageId).
 */
export async function sendMessage(
  db: Db,
  tenantId: string,
  pageId: string,
  audienceId: string,
  body: SendMessageBody,
): Promise<{ accepted: MessageAccepted; replayed: boolean }> {
  const audience = await requireAudience(db, tenantId, pageId, audienceId);
  if (audience.archived_at !== null) throw new ApiError('conflict', 'The audience is archived');
  const conversation = (await findConversation(db, tenantId, audienceId))!;
  const clientMessageId = body.clientMessageId ?? randomUUID();
  const fingerprint = requestFingerprint({ message: body.message, selectedElement: body.selectedElement });
  const accepted = (versionId: string): MessageAccepted => ({
    accepted: true,
    audienceId,
    clientMessageId,
    versionId,
  });

  const result = await createOnce({
    idempotency: { key: clientMessageId, fingerprint },
    keyField: 'clientMessageId',
    create: () =>
      writeTransaction(db, async (tx) => {
        const locked = await lockAudience(tx, tenantId, audienceId);
        if (locked === undefined) throw ApiError.notFound('Audience');
        if (locked.archived_at !== null) throw new ApiError('conflict', 'The audience is archived');
        const now = Date.now();
        const message: MessagesTable = {
          tenant_id: tenantId,
          id: newId('message'),
          conversation_id: conversation.id,
          role: 'user',
          content: body.message,
          timestamp: now,
          has_snapshot: 0,
          reasoning: '',
          is_interrupted: 0,
          client_message_id: clientMessageId,
          fingerprint,
          selected_element: body.selectedElement === undefined ? null : JSON.stringify(body.selectedElement),
          version_id: null,
        };
        if (!(await insertMessageUnlessClientIdTaken(tx, message))) return null;
        const version = await enqueueVersion(tx, locked, { requestMessageId: message.id });
        await setMessageVersion(tx, tenantId, message.id, version.id);
        await touchConversation(tx, tenantId, conversation.id, { updated_at: now });
        await emitMessageCreated(tx, locked, { ...message, version_id: version.id });
        await announceIfQueued(tx, locked, version);
        return accepted(version.id);
      }),
    findExisting: async (key) => {
      const existing = await findMessageByClientId(db, tenantId, conversation.id, key);
      return existing && { record: accepted(existing.version_id!), fingerprint: existing.fingerprint ?? '' };
    },
  });
  return { accepted: result.record, replayed: result.replayed };
}

/** The content the audience's next version starts from: the newest version's, else the page's defaults. */
export async function currentContent(
  db: Executor,
  audience: AudiencesTable,
  page: PagesTable,
): Promise<AudienceContent> {
  const latest = await latestContentVersion(db, audience.tenant_id, audience.id);
  if (latest !== undefined) return JSON.parse(latest.content!) as AudienceContent;
  return defaultContent(contentPageOf(page), contentAudienceOf(audience));
}

/**
 * A window of the conversation (GET .../messages?limit=&cursor=, an extension), or only the
 * messages after a message (`after`, an extension).
 */
export interface MessagesWindowQuery {
  limit: number | undefined;
  cursor: string | undefined;
  after?: string | undefined;
}

/** The conversation-order key of the `after` message; a 400 naming `after` when it is not one. */
async function afterMessage(
  db: Executor,
  tenantId: string,
  conversationId: string,
  window: MessagesWindowQuery,
): Promise<SortKey | null> {
  if (window.after === undefined) return null;
  const refuse = (detail: string) =>
    new ApiError('validation_failed', `after: ${detail}`, [
      { parameter: 'after', detail, code: 'invalid_value' },
    ]);
  if (window.limit !== undefined || window.cursor !== undefined)
    throw refuse('after cannot be combined with limit or cursor');
  const message = await findMessage(db, tenantId, window.after);
  if (message === undefined || message.conversation_id !== conversationId)
    throw refuse(`${window.after} is not a message of this conversation`);
  return [message.timestamp, message.id];
}

const MESSAGE_KEY: SortKeyShape = ['number', 'string'];

/**
 * A whole conversation of more than LONG_CONVERSATION messages (up to 50,000 characters each) is
 * read by at most LONG_CONVERSATION_READS requests of the process at once; the others wait their
 * turn. Reading and serialising a 50 MB conversation takes ~180 MB for the while, and 20 at once
 * took the process to 3.7 GB (docs/reliability.md). Windows (`limit`) and short conversations
 * never wait.
 */
export const LONG_CONVERSATION = 100;
export const LONG_CONVERSATION_READS = 2;
const longConversationReads = new Gate(LONG_CONVERSATION_READS);

/**
 * GET .../messages: the conversation, its messages oldest first, the current context and pending
 * changes. With `limit` or `cursor` only a window of messages: the newest `limit` (20 by default,
 * at most 100) before the cursor, still oldest first, and `messagesWindow` says whether older ones
 * exist and gives the cursor for them. Without either, every message, as the interface defines it.
 */
export async function readConversation(
  db: Db,
  tenantId: string,
  pageId: string,
  audienceId: string,
  window: MessagesWindowQuery = { limit: undefined, cursor: undefined },
  holdUntilSent?: (release: () => void) => void,
): Promise<Conversation> {
  const windowed = window.limit !== undefined || window.cursor !== undefined;
  const filters = { audienceId };
  const before = decodeCursor(window.cursor, MESSAGE_KEY, filters);
  const audience = await requireAudience(db, tenantId, pageId, audienceId);
  const page = (await findPage(db, tenantId, pageId))!;
  const conversation = (await findConversation(db, tenantId, audienceId))!;
  const after = await afterMessage(db, tenantId, conversation.id, window);
  let messages: MessagesTable[];
  let messagesWindow: Conversation['messagesWindow'];
  if (windowed) {
    const limit = pageSize(window.limit);
    const newestFirst = await listMessagesBefore(db, tenantId, conversation.id, before, limit);
    const hasMore = newestFirst.length > limit;
    messages = newestFirst.slice(0, limit).reverse();
    const oldest = messages[0];
    messagesWindow = {
      hasMore,
      nextCursor: hasMore && oldest ? encodeCursor([oldest.timestamp, oldest.id], filters) : null,
    };
  } else if ((await countMessages(db, tenantId, conversation.id, after)) > LONG_CONVERSATION) {
    // Held until the response is sent (`holdUntilSent`): serialising costs as much as reading.
    const release = await longConversationReads.acquire();
    if (holdUntilSent) holdUntilSent(release);
    try {
      messages = await listMessages(db, tenantId, conversation.id, after);
    } finally {
      if (!holdUntilSent) release();
    }
  } else {
    messages = await listMessages(db, tenantId, conversation.id, after);
  }
  const changes = await listChangesOfAudience(db, tenantId, audienceId);
  const published = await publishedVersion(db, tenantId, audienceId);
  const byMessage = new Map<string, Change[]>();
  for (const change of changes) {
    const list = byMessage.get(change.message_id) ?? [];
    list.push(toChange(change));
    byMessage.set(change.message_id, list);
  }
  const publishedNumber = published?.version_number ?? 0;
  const pendingChanges = changes
    .filter((c) => c.version_number > publishedNumber && c.status !== 'cancelled')
    .map(toChange);
  const content = await currentContent(db, audience, page);
  return {
    conversation: {
      conversationId: conversation.id,
      audienceId,
      publishedMessageId: conversation.published_message_id ?? '',
      createdAt: toIso(conversation.created_at),
      updatedAt: toIso(conversation.updated_at),
    },
    messages: messages.map((m) => toMessage(m, byMessage.get(m.id) ?? [])),
    context: {
      audienceId,
      pageId,
      currentSupplementaryContext: content.supplementaryContext ?? '',
      currentMetaTitle: content.metaTitle ?? '',
      currentMetaDescription: content.metaDescription ?? '',
      currentMetaKeywords: (content.metaKeywords ?? []).join(', '),
      pageContext: page.page_context ?? '',
    },
    pendingChanges,
    ...(messagesWindow === undefined ? {} : { messagesWindow }),
  };
}
