import { sql } from 'kysely';
import type { AudiencesTable, ConversationsTable, Executor } from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';

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

/** What an operator's list of a page's audiences is narrowed by. */
export interface AudienceFilters {
  /** The audience's status as shown: `archived`, else its newest version's status. */
  status?: string;
  personId?: string;
  /** true: only audiences with a published version; false: only those without. */
  published?: boolean;
}

function filteredAudiences(db: Executor, tenantId: string, pageId: string, filters: AudienceFilters) {
  let query = db.selectFrom('audiences').where('tenant_id', '=', tenantId).where('page_id', '=', pageId);
  if (filters.personId !== undefined) query = query.where('person_id', '=', filters.personId);
  if (filters.status === 'archived') query = query.where('archived_at', 'is not', null);
  else if (filters.status !== undefined) {
    query = query.where('archived_at', 'is', null).where(
      sql<boolean>`(select v.status from audience_versions v
        where v.tenant_id = audiences.tenant_id and v.audience_id = audiences.id
        order by v.version_number desc limit 1) = ${filters.status}`,
    );
  }
  if (filters.published !== undefined) {
    const exists = sql<boolean>`exists (select 1 from audience_versions v
      where v.tenant_id = audiences.tenant_id and v.audience_id = audiences.id and v.status = 'published')`;
    query = query.where(filters.published ? exists : sql<boolean>`not ${exists}`);
  }
  return query;
}

/** One page of a page's audiences, newest first (created_at desc, id desc). */
export async function listAudiencesOfPage(
  db: Executor,
  tenantId: string,
  pageId: string,
  filters: AudienceFilters,
  after: SortKey | null,
  limit: number,
) {
  const query = filteredAudiences(db, tenantId, pageId, filters).selectAll();
  return newestFirst(query, after, limit).execute();
}

export async function countAudiencesOfPage(
  db: Executor,
  tenantId: string,
  pageId: string,
  filters: AudienceFilters,
) {
  const row = await filteredAudiences(db, tenantId, pageId, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
