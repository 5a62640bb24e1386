import { readCounter } from '../../db/counters.repository.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import type { CostBudget } from '../../http/cost-budget.js';
import type { PageRequest } from '../../lists/keyset-page.js';
import { decodeCursor, type Page, pageSize, toPage } from '../../lists/pagination.js';
import { type Asset, toAsset } from './assets.schemas.js';
import { visibleAssetsCounter } from './assets.service.js';
import { countAssetsByWords, listVisibleAssets, searchAssetsByWords } from './assets-search.repository.js';
import { MAX_QUERY_WORDS, searchTerms, termCount } from './search-text.js';

const NEWEST_KEY = ['number', 'string'] as const; // created_at desc, id desc
const RELEVANCE_KEY = ['number', 'number', 'string'] as const; // score desc, created_at desc, id desc

/**
 * GET /v0/assets/search: the visible assets matching every word of `query` by relevance, or all
 * of them newest first without words. Word searches run within the tenant's `budget`.
 */
export async function searchAssets(
  db: Db,
  tenantId: string,
  publicFileBaseUrl: string | null,
  request: PageRequest & { query?: string; assetType?: string },
  budget: CostBudget,
): Promise<Page<Asset>> {
  const { assetType } = request;
  const terms = searchTerms(request.query);
  if (terms !== null && termCount(terms) > MAX_QUERY_WORDS) {
    const detail = `query must have at most ${MAX_QUERY_WORDS} distinct words`;
    throw new ApiError('validation_failed', detail, [{ parameter: 'query', detail, code: 'too_many_words' }]);
  }
  const limit = pageSize(request.limit);
  const map = (row: Parameters<typeof toAsset>[0]) => toAsset(row, publicFileBaseUrl);
  if (terms === null) {
    const filters = { assetType: assetType ?? null };
    const after = decodeCursor(request.cursor, NEWEST_KEY, filters);
    const [rows, totalCount] = await Promise.all([
      listVisibleAssets(db, tenantId, { assetType, after, limit: limit + 1 }),
      readCounter(db, tenantId, visibleAssetsCounter(assetType)),
    ]);
    return toPage(rows, limit, { keyOf: (row) => [row.created_at, row.id], filters, totalCount, map });
  }
  const filters = { assetType: assetType ?? null, words: [...terms.exact, `${terms.prefix}*`] };
  const after = decodeCursor(request.cursor, RELEVANCE_KEY, filters);
  const [rows, totalCount] = await budget.run(tenantId, () =>
    Promise.all([
      searchAssetsByWords(db, tenantId, { terms, assetType, after, limit: limit + 1 }),
      countAssetsByWords(db, tenantId, terms, assetType),
    ]),
  );
  return toPage(rows, limit, {
    keyOf: (row) => [row.score, row.created_at, row.id],
    filters,
    totalCount,
    map,
  });
}
