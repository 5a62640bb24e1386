import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { ASSET_TYPES, Asset, NAME_MAX } from './assets.schemas.js';
import { listAssets } from './assets-reads.service.js';

export function listAssetsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/assets',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListAssets',
        tags: ['Assets'],
        summary: "List a tenant's assets, newest first",
        description:
          'Active assets (hidden ones included); trashed and deleted ones with `includeTrashed` and `includeDeleted`. `search` (a part of the name, any case) narrows the list. `totalCount` is exact.',
        params: Type.Object({ tenant: PathId }),
        querystring: Type.Object({
          assetType: Type.Optional(Type.String({ enum: [...ASSET_TYPES] })),
          search: Type.Optional(
            Type.String({ minLength: 1, maxLength: NAME_MAX, description: 'A part of the name, any case.' }),
          ),
          includeTrashed: FlagQuery('Also list trashed assets.'),
          includeDeleted: FlagQuery('Also list deleted assets.'),
          cursor: CursorQuery,
          limit: LimitQuery,
        }),
        response: { 200: PageOf(Asset), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => {
      const { assetType, search, includeTrashed, includeDeleted, cursor, limit } = request.query;
      const { tenantId } = request;
      return listAssets(app.db, tenantId, app.config.publicFileBaseUrl, {
        ...(assetType === undefined ? {} : { assetType }),
        ...(search === undefined ? {} : { search }),
        includeTrashed: isFlagSet(includeTrashed),
        includeDeleted: isFlagSet(includeDeleted),
        cursor,
        limit,
      });
    },
  );
}
