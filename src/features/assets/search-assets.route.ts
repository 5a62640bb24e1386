import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CostBudget } from '../../http/cost-budget.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { ASSET_TYPES, Asset } from './assets.schemas.js';
import { searchAssets } from './assets-search.service.js';
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS } from './search-text.js';

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
    async (request) =>
      searchAssets(app.db, request.tenantId, app.config.publicFileBaseUrl, request.query, budget),
  );
}
