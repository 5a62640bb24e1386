import { sql } from 'kysely';
import type { AudiencesTable, ConversationsTable, Executor } from '../../db/schema.js';

export async function insertAudience(db: Executor, row: AudiencesTable): Promise<void> {
  await db.insertInto('audiences').values(row).execute();
}

/** An audience of a page: an audience under another page's id is not found. */
export async function findAudience(db: Executor, tenantId: string, pageId: string, audienceId: string) {
  return db
    .selectFrom('audiences')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('id', '=', audienceId)
    .executeTakeFirst();
}

export async function findAudienceById(db: Executor, tenantId: string, audienceId: string) {
  return db
    .selectFrom('audiences')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', audienceId)
    .executeTakeFirst();
}

/**
 * Locks the audience row for the rest of the transaction and hands out its next versionNumber.
 * Everything that changes an audience's versions takes this lock first, so versions are numbered
 * without gaps and the one-active-version invariant holds.
 */
export async function lockAudienceAndNumberVersion(db: Executor, tenantId: string, audienceId: string) {
  return db
    .updateTable('audiences')
    .set({ last_version_number: sql`last_version_number + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', audienceId)
    .returningAll()
    .executeTakeFirst();
}

/** Locks the audience row for the rest of the transaction without changing it. */
export async function lockAudience(db: Executor, tenantId: string, audienceId: string) {
  return db
    .updateTable('audiences')
    .set({ updated_at: sql`updated_at` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', audienceId)
    .returningAll()
    .executeTakeFirst();
}

export async function updateAudienceRow(
  db: Executor,
  tenantId: string,
  audienceId: string,
  changes: Partial<Omit<AudiencesTable, 'tenant_id' | 'id' | 'page_id'>>,
) {
  return db
    .updateTable('audiences')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', audienceId)
    .returningAll()
    .executeTakeFirst();
}

export async function insertConversation(db: Executor, row: ConversationsTable): Promise<void> {
  await db.insertInto('conversations').values(row).execute();
}

export async function findConversation(db: Executor, tenantId: string, audienceId: string) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .executeTakeFirst();
}

export async function touchConversation(
  db: Executor,
  tenantId: string,
  conversationId: string,
  changes: { updated_at: number; published_message_id?: string | null },
) {
  await db
    .updateTable('conversations')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', conversationId)
    .execute();
}

/** The route keys of a page's audiences that start with `base`, to pick a free one. */
export async function findRouteKeysLike(db: Executor, tenantId: string, pageId: string, base: string) {
  const rows = await db
    .selectFrom('audiences')
    .select('route_key')
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('route_key', 'like', `${base}%`)
    .execute();
  return rows.flatMap((r) => (r.route_key === null ? [] : [r.route_key]));
}
