import { Type } from 'typebox';
import { readCounter } from '../../db/counters.repository.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { CostBudget } from '../../http/cost-budget.js';
import { CursorQuery, decodeCursor, LimitQuery, PageOf, pageSize, toPage } from '../../http/pagination.js';
import { problemResponses } from '../../http/problem.js';
import { ASSET_TYPES, Asset, toAsset } from './assets.schemas.js';
import { visibleAssetsCounter } from './assets.service.js';
import { countAssetsByWords, listVisibleAssets, searchAssetsByWords } from './assets-search.repository.js';
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS, searchTerms, termCount } from './search-text.js';

const NEWEST_KEY = ['number', 'string'] as const; // created_at desc, id desc
const RELEVANCE_KEY = ['number', 'number', 'string'] as const; // score desc, created_at desc, id desc

export function searchAssetsRoute(app: App): void {
  // Word searches cost in proportion to their matches: a tenant's share of the process is bounded.
  const budget = new CostBudget('asset searches', app.config.searchMsPerSecond, 1000);
  app.get(
    '/v0/assets/search',
    {
      config: { scope: 'assets:read' },
      schema: {
        operationId: 'searchAssets',
        tags: ['Assets'],
        summary: 'Search assets',
        description:
          'Every word of `query` must be found (case- and accent-insensitive) in the name, purpose, tags or ' +
          'aiDescription; the last word may be the start of a word. Words are runs of letters and digits; ' +
          'everything else separates them. Ordered by relevance (a name match counts most, then tags, purpose, ' +
          `aiDescription), then newest. Without words: every asset, newest first. At most ${MAX_QUERY_WORDS} ` +
          'distinct words. Hidden, trashed and deleted assets are never returned.',
        querystring: Type.Object({
          query: Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH })),
          assetType: Type.Optional(Type.String({ enum: [...ASSET_TYPES] })),
          cursor: CursorQuery,
          limit: LimitQuery,
        }),
        response: { 200: PageOf(Asset), ...problemResponses('invalid_cursor') },
      },
    },
    async (request) => {
      const { assetType } = request.query;
      const terms = searchTerms(request.query.query);
      if (terms !== null && termCount(terms) > MAX_QUERY_WORDS) {
        const detail = `query must have at most ${MAX_QUERY_WORDS} distinct words`;
        throw new ApiError('validation_failed', detail, [
          { parameter: 'query', detail, code: 'too_many_words' },
        ]);
      }
      const limit = pageSize(request.query.limit);
      const map = (row: Parameters<typeof toAsset>[0]) => toAsset(row, app.config.publicFileBaseUrl);
      if (terms === null) {
        const filters = { assetType: assetType ?? null };
        const after = decodeCursor(request.query.cursor, NEWEST_KEY, filters);
        const [rows, totalCount] = await Promise.all([
          listVisibleAssets(app.db, request.tenantId, { assetType, after, limit: limit + 1 }),
          readCounter(app.db, request.tenantId, visibleAssetsCounter(assetType)),
        ]);
        return toPage(rows, limit, { keyOf: (row) => [row.created_at, row.id], filters, totalCount, map });
      }
      const filters = { assetType: assetType ?? null, words: [...terms.exact, `${terms.prefix}*`] };
      const after = decodeCursor(request.query.cursor, RELEVANCE_KEY, filters);
      const [rows, totalCount] = await budget.run(request.tenantId, () =>
        Promise.all([
          searchAssetsByWords(app.db, request.tenantId, { terms, assetType, after, limit: limit + 1 }),
          countAssetsByWords(app.db, request.tenantId, terms, assetType),
        ]),
      );
      return toPage(rows, limit, {
        keyOf: (row) => [row.score, row.created_at, row.id],
        filters,
        totalCount,
        map,
      });
    },
  );
}
