import { sql } from 'kysely';
import type { Executor, TopicEntriesTable, TopicsTable } from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';

export async function insertTopic(db: Executor, row: TopicsTable): Promise<void> {
  await db.insertInto('topics').values(row).execute();
}

export async function findTopic(db: Executor, tenantId: string, topicId: string) {
  return db
    .selectFrom('topics')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', topicId)
    .executeTakeFirst();
}

export async function insertEntry(db: Executor, row: TopicEntriesTable): Promise<void> {
  await db.insertInto('topic_entries').values(row).execute();
}

export async function findEntry(db: Executor, tenantId: string, topicId: string, entryId: string) {
  return db
    .selectFrom('topic_entries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('topic_id', '=', topicId)
    .where('id', '=', entryId)
    .executeTakeFirst();
}

/** The highest sortOrder in the topic (a backwards walk of the order index), null when empty. */
export async function lastSortOrder(db: Executor, tenantId: string, topicId: string): Promise<number | null> {
  const row = await db
    .selectFrom('topic_entries')
    .select('sort_order')
    .where('tenant_id', '=', tenantId)
    .where('topic_id', '=', topicId)
    .orderBy('sort_order', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.sort_order ?? null;
}

export async function updateEntry(
  db: Executor,
  tenantId: string,
  entryId: string,
  changes: Partial<Pick<TopicEntriesTable, 'sort_order' | 'content_type' | 'content' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('topic_entries')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', entryId)
    .execute();
}

export async function deleteEntry(db: Executor, tenantId: string, entryId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('topic_entries')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', entryId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function entryIdsOf(db: Executor, tenantId: string, topicId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('topic_entries')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('topic_id', '=', topicId)
    .execute();
  return rows.map((r) => r.id);
}

/** One page of a topic's entries: sortOrder asc, createdAt asc, id asc. */
export async function listEntries(
  db: Executor,
  tenantId: string,
  topicId: string,
  after: SortKey | null,
  limit: number,
) {
  let query = db
    .selectFrom('topic_entries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('topic_id', '=', topicId);
  if (after !== null) {
    const [sortOrder, createdAt, id] = after;
    query = query.where(sql<boolean>`(sort_order, created_at, id) > (${sortOrder}, ${createdAt}, ${id})`);
  }
  return query.orderBy('sort_order').orderBy('created_at').orderBy('id').limit(limit).execute();
}

/**
 * The tenant's topic entries for the page agent's context: topic by topic, each in its list order,
 * at most `limit` (a range scan of topic_entries_order on the tenant prefix).
 */
export async function entriesOfTenant(db: Executor, tenantId: string, limit: number) {
  return db
    .selectFrom('topic_entries')
    .select(['content_type', 'content'])
    .where('tenant_id', '=', tenantId)
    .orderBy('topic_id')
    .orderBy('sort_order')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setTopicName(
  db: Executor,
  tenantId: string,
  topicId: string,
  name: string,
  at: number,
) {
  return db
    .updateTable('topics')
    .set({ name, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', topicId)
    .returningAll()
    .executeTakeFirst();
}

/** One page of the tenant's topics, newest first (created_at desc, id desc). */
export async function listTopics(db: Executor, tenantId: string, after: SortKey | null, limit: number) {
  const query = db.selectFrom('topics').selectAll().where('tenant_id', '=', tenantId);
  return newestFirst(query, after, limit).execute();
}

export async function countTopics(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('topics')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
