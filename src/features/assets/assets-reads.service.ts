import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import {
  countAssetsForOperator,
  findAsset,
  listAssetsForOperator,
  type OperatorAssetFilters,
} from './assets.repository.js';
import { type Asset, toAsset } from './assets.schemas.js';

/**
 * Operator reads of assets, hidden, trashed and deleted ones included on request:
 * `GET /admin/v0/tenants/{tenant}/assets...` and `quire assets list|show`.
 */
export function listAssets(
  db: Db,
  tenantId: string,
  publicFileBaseUrl: string | null,
  request: PageRequest & OperatorAssetFilters,
): Promise<Page<Asset>> {
  const { cursor, limit, ...filters } = request;
  return keysetPage(
    { cursor, limit },
    {
      shape: ['number', 'string'], // created_at desc, id desc
      filters,
      fetch: (after, size) => listAssetsForOperator(db, tenantId, filters, after, size),
      count: () => countAssetsForOperator(db, tenantId, filters),
      keyOf: (row) => [row.created_at, row.id],
      map: (row) => toAsset(row, publicFileBaseUrl),
    },
  );
}

export async function showAsset(
  db: Db,
  tenantId: string,
  publicFileBaseUrl: string | null,
  assetId: string,
): Promise<Asset> {
  const asset = await findAsset(db, tenantId, assetId);
  if (asset === undefined) throw ApiError.notFound('Asset');
  return toAsset(asset, publicFileBaseUrl);
}
