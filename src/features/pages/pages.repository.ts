import { sql } from 'kysely';
import type { Executor, PagesTable } from '../../db/schema.js';

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

/** A live page by its public slug (hosted pages): not deleted; the caller checks the status. */
export async function findPageBySlug(db: Executor, tenantId: string, slug: string) {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
