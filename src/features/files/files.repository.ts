import type { Executor, FilesTable } from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';

export async function insertFile(db: Executor, row: FilesTable): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

/** A file of the tenant (operator reads: another tenant's file is not found). */
export async function findTenantFile(db: Executor, tenantId: string, fileId: string) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** A file by its id alone: public serving, whose URLs carry no tenant (file ids are unique). */
export async function findServedFile(db: Executor, fileId: string) {
  return db
    .selectFrom('files')
    .select(['id', 'tenant_id', 'content_type', 'width', 'height', 'variants'])
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** The sizes of the tenant's files, for `width`/`height` attributes. */
export async function findFileSizes(db: Executor, tenantId: string, fileIds: readonly string[]) {
  if (fileIds.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', 'width', 'height', 'content_type'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...fileIds])
    .execute();
}

export async function listTenantFiles(db: Executor, tenantId: string, after: SortKey | null, limit: number) {
  const query = db.selectFrom('files').selectAll().where('tenant_id', '=', tenantId);
  return newestFirst(query, after, limit).execute();
}

export async function countTenantFiles(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bytes the tenant stores (every file's original and variants): its quota's use. */
export async function tenantStoredBytes(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string | null>('stored_bytes').as('total'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function deleteTenantFile(db: Executor, tenantId: string, fileId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('files')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', fileId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
