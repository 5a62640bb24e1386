import { sql } from 'kysely';
import type { Executor, PagesTable } from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';

export async function insertPage(db: Executor, row: PagesTable): Promise<void> {
  await db.insertInto('pages').values(row).execute();
}

export async function findPage(db: Executor, tenantId: string, pageId: string) {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', pageId)
    .executeTakeFirst();
}

/** Reads the page and holds its row lock until the transaction ends (PostgreSQL; SQLite has one writer). */
export async function lockPage(tx: Executor, tenantId: string, pageId: string) {
  return tx
    .updateTable('pages')
    .set({ updated_at: sql`updated_at` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', pageId)
    .returningAll()
    .executeTakeFirst();
}

export async function updatePageRow(
  db: Executor,
  tenantId: string,
  pageId: string,
  changes: Partial<Omit<PagesTable, 'tenant_id' | 'id'>>,
) {
  return db
    .updateTable('pages')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', pageId)
    .returningAll()
    .executeTakeFirst();
}

export async function addToAudiencesCount(db: Executor, tenantId: string, pageId: string, delta: number) {
  await db
    .updateTable('pages')
    .set({ audiences_count: sql`audiences_count + ${delta}` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', pageId)
    .execute();
}

/** What an operator's page list is narrowed by: a status and a case-insensitive part of the name. */
export interface PageFilters {
  status?: PagesTable['status'];
  search?: string;
}

function filteredPages(db: Executor, tenantId: string, filters: PageFilters) {
  let query = db.selectFrom('pages').where('tenant_id', '=', tenantId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.search !== undefined) {
    // LIKE wildcards in the search are literal characters, not patterns.
    const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
  }
  return query;
}

/** One page of the tenant's pages, newest first (created_at desc, id desc). */
export async function listPagesOfTenant(
  db: Executor,
  tenantId: string,
  filters: PageFilters,
  after: SortKey | null,
  limit: number,
) {
  const query = filteredPages(db, tenantId, filters).selectAll();
  return newestFirst(query, after, limit).execute();
}

export async function countPagesOfTenant(db: Executor, tenantId: string, filters: PageFilters) {
  const row = await filteredPages(db, tenantId, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tenant's page slugs that start with `base`, to pick a free one. */
export async function findSlugsLike(db: Executor, tenantId: string, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pages')
    .select('slug')
    .where('tenant_id', '=', tenantId)
    .where('slug', 'like', `${base}%`)
    .execute();
  return rows.flatMap((r) => (r.slug === null ? [] : [r.slug]));
}
