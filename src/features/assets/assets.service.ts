import { addToCounter } from '../../db/counters.repository.js';
import { createOnce, type IdempotencyKey } from '../../db/create-once.js';
import type { AssetsTable, Db, Executor } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import {
  findAsset,
  findAssetByIdempotencyKey,
  insertAssets,
  insertAssetUnlessKeyTaken,
} from './assets.repository.js';
import type { AssetType } from './assets.schemas.js';
import { searchText } from './search-text.js';

/** Counters of searchable assets (active, not hidden): all types, and one per type. */
export const VISIBLE_ASSETS_COUNTER = 'assets:visible';
export function visibleAssetsCounter(assetType: string | undefined): string {
  return assetType === undefined ? VISIBLE_ASSETS_COUNTER : `${VISIBLE_ASSETS_COUNTER}:${assetType}`;
}

export interface NewAsset {
  assetType: AssetType;
  name: string;
  purpose: string;
  fileId: string;
  parentAssetId?: string | undefined;
  hidden: boolean;
  tags: string[];
  aiDescription: string | null;
}

function isSearchable(row: Pick<AssetsTable, 'lifecycle_state' | 'hidden'>): boolean {
  return row.lifecycle_state === 'active' && row.hidden === 0;
}

/** The normalised search words of the indexed fields, stored with the row. */
export function searchColumns(
  fields: Pick<AssetsTable, 'name' | 'purpose' | 'ai_description'> & { tags: string[] },
) {
  return {
    search_name: searchText(fields.name),
    search_tags: searchText(...fields.tags),
    search_purpose: searchText(fields.purpose),
    search_ai: searchText(fields.ai_description),
  };
}

/** A new, active asset row (not yet stored). */
function assetRow(tenantId: string, input: NewAsset, now: number, key?: IdempotencyKey): AssetsTable {
  return {
    tenant_id: tenantId,
    id: newId('asset'),
    data_type: input.assetType,
    file_id: input.fileId,
    name: input.name,
    purpose: input.purpose,
    tags: JSON.stringify(input.tags),
    ai_description: input.aiDescription,
    parent_asset_id: input.parentAssetId ?? null,
    hidden: input.hidden ? 1 : 0,
    lifecycle_state: 'active',
    idempotency_key: key?.key ?? null,
    request_fingerprint: key?.fingerprint ?? null,
    ...searchColumns({
      name: input.name,
      purpose: input.purpose,
      ai_description: input.aiDescription,
      tags: input.tags,
    }),
    created_at: now,
    updated_at: now,
    trashed_at: null,
    deleted_at: null,
  };
}

/** Moves the searchable-asset counters when a row enters or leaves search. */
export async function countVisibilityChange(
  tx: Executor,
  before: Pick<AssetsTable, 'lifecycle_state' | 'hidden' | 'data_type' | 'tenant_id'> | null,
  after: Pick<AssetsTable, 'lifecycle_state' | 'hidden' | 'data_type' | 'tenant_id'>,
): Promise<void> {
  const delta = (isSearchable(after) ? 1 : 0) - (before !== null && isSearchable(before) ? 1 : 0);
  await addToCounter(tx, after.tenant_id, visibleAssetsCounter(undefined), delta);
  await addToCounter(tx, after.tenant_id, visibleAssetsCounter(after.data_type), delta);
}

/**
 * Creates an asset: the row, its parent check and the counters in one transaction. With an
 * idempotency key, a repeat replays the stored asset (`replayed`), a different body is a 422.
 */
export async function createAsset(
  db: Db,
  tenantId: string,
  input: NewAsset,
  idempotency?: IdempotencyKey,
): Promise<{ record: AssetsTable; replayed: boolean }> {
  const create = () =>
    writeTransaction(db, async (tx) => {
      const row = assetRow(tenantId, input, Date.now(), idempotency);
      if (!(await insertAssetUnlessKeyTaken(tx, row))) return null;
      // Checked after the insert so a replay never depends on the parent still existing; a
      // missing parent rolls the insert back, so the 404 writes nothing.
      if (row.parent_asset_id !== null) {
        const parent = await findAsset(tx, tenantId, row.parent_asset_id);
        if (parent === undefined || parent.lifecycle_state === 'deleted') {
          throw new ApiError(
            'asset_not_found',
            `parentAssetId: no asset ${row.parent_asset_id} in this tenant`,
          );
        }
      }
      await countVisibilityChange(tx, null, row);
      return row;
    });
  return createOnce({
    idempotency,
    create,
    findExisting: async (key) => {
      const record = await findAssetByIdempotencyKey(db, tenantId, key);
      return record === undefined ? undefined : { record, fingerprint: record.request_fingerprint ?? '' };
    },
    keyField: 'idempotencyKey',
  });
}

/** Creates many assets in one transaction (seeds, benchmarks): bulk inserts, counters once per type. */
export async function bulkCreateAssets(db: Db, tenantId: string, inputs: NewAsset[]): Promise<void> {
  const now = Date.now();
  // Distinct, increasing creation times keep "newest first" well defined.
  const rows = inputs.map((input, index) => assetRow(tenantId, input, now - inputs.length + index));
  await writeTransaction(db, async (tx) => {
    await insertAssets(tx, rows);
    const visible = rows.filter(isSearchable);
    await addToCounter(tx, tenantId, visibleAssetsCounter(undefined), visible.length);
    for (const type of new Set(visible.map((row) => row.data_type))) {
      const count = visible.filter((row) => row.data_type === type).length;
      await addToCounter(tx, tenantId, visibleAssetsCounter(type), count);
    }
  });
}
