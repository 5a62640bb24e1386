import { sql } from 'kysely';
import type { Executor, MessagesTable, VersionChangesTable } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';

export async function insertMessage(db: Executor, row: MessagesTable): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

/** Inserts unless the conversation already has a message with this clientMessageId; false when it has. */
export async function insertMessageUnlessClientIdTaken(db: Executor, row: MessagesTable): Promise<boolean> {
  const inserted = await db
    .insertInto('messages')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'conversation_id', 'client_message_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findMessageByClientId(
  db: Executor,
  tenantId: string,
  conversationId: string,
  clientMessageId: string,
) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('conversation_id', '=', conversationId)
    .where('client_message_id', '=', clientMessageId)
    .executeTakeFirst();
}

export async function setMessageVersion(
  db: Executor,
  tenantId: string,
  messageId: string,
  versionId: string,
) {
  await db
    .updateTable('messages')
    .set({ version_id: versionId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', messageId)
    .execute();
}

/** Every message of one conversation, on the conversation-order index. */
function messagesOf(db: Executor, tenantId: string, conversationId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('conversation_id', '=', conversationId);
}

/** Messages after the (timestamp, id) key `after` in conversation order. */
const laterThan = (after: SortKey) =>
  sql<boolean>`(${sql.ref('timestamp')}, ${sql.ref('id')}) > (${after[0]}, ${after[1]})`;

/** The conversation in order, oldest first; only the messages after `after` when given. */
function messagesInOrder(db: Executor, tenantId: string, conversationId: string, after: SortKey | null) {
  let query = messagesOf(db, tenantId, conversationId);
  if (after !== null) query = query.where(laterThan(after));
  return query.orderBy('timestamp', 'asc').orderBy('id', 'asc');
}

export async function listMessages(
  db: Executor,
  tenantId: string,
  conversationId: string,
  after: SortKey | null = null,
) {
  return messagesInOrder(db, tenantId, conversationId, after).execute();
}

/** How many messages a conversation has (after `after`), on the conversation-order index. */
export async function countMessages(
  db: Executor,
  tenantId: string,
  conversationId: string,
  after: SortKey | null = null,
): Promise<number> {
  let query = db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('conversation_id', '=', conversationId);
  if (after !== null) query = query.where(laterThan(after));
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A window of the conversation: the `limit + 1` newest messages before `before` (timestamp, id),
 * newest first; the extra one only says older messages exist.
 */
export async function listMessagesBefore(
  db: Executor,
  tenantId: string,
  conversationId: string,
  before: SortKey | null,
  limit: number,
) {
  let query = messagesOf(db, tenantId, conversationId);
  if (before !== null)
    query = query.where(
      sql<boolean>`(${sql.ref('timestamp')}, ${sql.ref('id')}) < (${before[0]}, ${before[1]})`,
    );
  return query
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function insertChanges(db: Executor, rows: VersionChangesTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('version_changes').values(rows).execute();
}

export async function listChangesOfAudience(db: Executor, tenantId: string, audienceId: string) {
  return db
    .selectFrom('version_changes')
    .innerJoin('audience_versions', (join) =>
      join
        .onRef('audience_versions.tenant_id', '=', 'version_changes.tenant_id')
        .onRef('audience_versions.id', '=', 'version_changes.version_id'),
    )
    .selectAll('version_changes')
    .select(['audience_versions.version_number', 'audience_versions.status'])
    .where('version_changes.tenant_id', '=', tenantId)
    .where('version_changes.audience_id', '=', audienceId)
    .orderBy('audience_versions.version_number', 'asc')
    .orderBy('version_changes.position', 'asc')
    .execute();
}

export async function findMessage(db: Executor, tenantId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

/** One page of a conversation, oldest first (timestamp asc, id asc). */
export async function pageOfMessages(
  db: Executor,
  tenantId: string,
  conversationId: string,
  after: SortKey | null,
  limit: number,
) {
  return messagesInOrder(db, tenantId, conversationId, after).limit(limit).execute();
}

/** The changes the given messages' versions made, in order. */
export async function changesOfMessages(db: Executor, tenantId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('version_changes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', messageIds)
    .orderBy('position', 'asc')
    .execute();
}
