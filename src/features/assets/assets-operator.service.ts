import type { AssetsTable, Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { findAssetForUpdate, updateAsset } from './assets.repository.js';
import { countVisibilityChange, searchColumns } from './assets.service.js';

/**
 * What operators do to assets after creating them (admin API and CLI). Lifecycle:
 * active -> trashed (trash), trashed -> active (restore), active or trashed -> deleted (delete,
 * soft: the row stays with `deletedAt`). Deleted is final. Asking for the state an asset already
 * has changes nothing and succeeds; anything else from `deleted` is a 409.
 */
export type AssetAction = 'trash' | 'restore' | 'delete';

export interface AssetEdit {
  tags?: string[] | undefined;
  aiDescription?: string | null | undefined;
  hidden?: boolean | undefined;
}

type Change = Partial<Omit<AssetsTable, 'tenant_id' | 'id'>>;

function transition(row: AssetsTable, action: AssetAction, now: number): Change | null {
  const state = row.lifecycle_state;
  if (action === 'delete')
    return state === 'deleted' ? null : { lifecycle_state: 'deleted', deleted_at: now };
  if (state === 'deleted')
    throw new ApiError(
      'conflict',
      `A deleted asset cannot be ${action === 'trash' ? 'trashed' : 'restored'}`,
    );
  if (action === 'trash') return state === 'trashed' ? null : { lifecycle_state: 'trashed', trashed_at: now };
  return state === 'active' ? null : { lifecycle_state: 'active', trashed_at: null };
}

function edit(row: AssetsTable, changes: AssetEdit): Change {
  if (row.lifecycle_state === 'deleted') throw new ApiError('conflict', 'A deleted asset cannot be edited');
  const tags = changes.tags ?? (JSON.parse(row.tags) as string[]);
  const aiDescription = changes.aiDescription === undefined ? row.ai_description : changes.aiDescription;
  return {
    tags: JSON.stringify(tags),
    ai_description: aiDescription,
    hidden: changes.hidden === undefined ? row.hidden : changes.hidden ? 1 : 0,
    ...searchColumns({ name: row.name, purpose: row.purpose, ai_description: aiDescription, tags }),
  };
}

/** Applies a change in one transaction with the row locked; the search index follows (triggers or generated column). */
async function change(
  db: Db,
  tenantId: string,
  assetId: string,
  decide: (row: AssetsTable, now: number) => Change | null,
): Promise<AssetsTable> {
  return writeTransaction(db, async (tx) => {
    const row = await findAssetForUpdate(tx, tenantId, assetId);
    if (row === undefined) throw new ApiError('asset_not_found', `No asset ${assetId} in this tenant`);
    const now = Date.now();
    const changes = decide(row, now);
    if (changes === null) return row;
    const updated: AssetsTable = { ...row, ...changes, updated_at: now };
    await updateAsset(tx, tenantId, assetId, { ...changes, updated_at: now });
    await countVisibilityChange(tx, row, updated);
    return updated;
  });
}

export function applyAssetAction(db: Db, tenantId: string, assetId: string, action: AssetAction) {
  return change(db, tenantId, assetId, (row, now) => transition(row, action, now));
}

export function editAsset(db: Db, tenantId: string, assetId: string, changes: AssetEdit) {
  return change(db, tenantId, assetId, (row) => edit(row, changes));
}
