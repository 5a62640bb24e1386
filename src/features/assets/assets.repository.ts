import { sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { AssetsTable, Executor } from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';

/**
 * Every column of the asset row, listed so PostgreSQL's generated `search_vector` is never read.
 */
export const ASSET_COLUMNS = [
  'tenant_id',
  'id',
  'data_type',
  'file_id',
  'name',
  'purpose',
  'tags',
  'ai_description',
  'parent_asset_id',
  'hidden',
  'lifecycle_state',
  'idempotency_key',
  'request_fingerprint',
  'search_name',
  'search_tags',
  'search_purpose',
  'search_ai',
  'created_at',
  'updated_at',
  'trashed_at',
  'deleted_at',
] as const satisfies readonly (keyof AssetsTable)[];

/** Inserts an asset unless its idempotency key is taken in the tenant; false when it is. */
export async function insertAssetUnlessKeyTaken(db: Executor, row: AssetsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('assets')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Inserts many assets in few statements (seeds, benchmarks); the caller maintains counters. */
export async function insertAssets(db: Executor, rows: AssetsTable[]): Promise<void> {
  // SQLite binds at most 32,766 parameters per statement; 500 rows x 21 columns stays well below.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('assets')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

export async function findAsset(db: Executor, tenantId: string, assetId: string) {
  return db
    .selectFrom('assets')
    .select(ASSET_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', assetId)
    .executeTakeFirst();
}

/** The asset, locked against concurrent changes until the transaction ends (PostgreSQL). */
export async function findAssetForUpdate(db: Executor, tenantId: string, assetId: string) {
  let query = db
    .selectFrom('assets')
    .select(ASSET_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', assetId);
  // SQLite needs no row lock: a write transaction holds the whole database.
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findAssetByIdempotencyKey(db: Executor, tenantId: string, key: string) {
  return db
    .selectFrom('assets')
    .select(ASSET_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function updateAsset(
  db: Executor,
  tenantId: string,
  assetId: string,
  changes: Partial<Omit<AssetsTable, 'tenant_id' | 'id'>>,
): Promise<void> {
  await db
    .updateTable('assets')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', assetId)
    .execute();
}

/** What an operator's asset list shows: active assets, plus trashed or deleted ones on request. */
export interface OperatorAssetFilters {
  assetType?: string;
  /** A case-insensitive part of the name (the console's search box, like the pages list's). */
  search?: string;
  includeTrashed: boolean;
  includeDeleted: boolean;
}

function operatorAssets(db: Executor, tenantId: string, filters: OperatorAssetFilters) {
  const states: AssetsTable['lifecycle_state'][] = ['active'];
  if (filters.includeTrashed) states.push('trashed');
  if (filters.includeDeleted) states.push('deleted');
  let query = db
    .selectFrom('assets')
    .where('tenant_id', '=', tenantId)
    .where('lifecycle_state', 'in', states);
  if (filters.assetType !== undefined) query = query.where('data_type', '=', filters.assetType);
  if (filters.search !== undefined) {
    // LIKE wildcards in the search are literal characters, not patterns.
    const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
  }
  return query;
}

/** One page of the tenant's assets, newest first (created_at desc, id desc), hidden ones included. */
export async function listAssetsForOperator(
  db: Executor,
  tenantId: string,
  filters: OperatorAssetFilters,
  after: SortKey | null,
  limit: number,
) {
  const query = operatorAssets(db, tenantId, filters).select(ASSET_COLUMNS);
  return newestFirst(query, after, limit).execute();
}

export async function countAssetsForOperator(db: Executor, tenantId: string, filters: OperatorAssetFilters) {
  const row = await operatorAssets(db, tenantId, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
