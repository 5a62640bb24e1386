import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Asset } from './assets.schemas.js';
import { showAsset } from './assets-reads.service.js';

export function getAssetRoute(app: App): void {
  app.get(
    '/v0/assets/:asset_id',
    {
      config: { scope: 'assets:read' },
      schema: {
        operationId: 'getAsset',
        tags: ['Assets'],
        summary: 'Get an asset',
        description:
          'Extension (not in the interface): one asset of your tenant, the address `POST /v0/assets` answers in ' +
          '`Location`. Hidden, trashed and deleted assets are returned too, with their `hidden`, `lifecycleState`, ' +
          '`trashedAt` and `deletedAt`, as an idempotent replay of their creation shows them; search leaves them out. ' +
          'An asset of another tenant, or an unknown id, is a 404.',
        params: Type.Object({ asset_id: PathId }),
        response: { 200: Asset, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      showAsset(app.db, request.tenantId, app.config.publicFileBaseUrl, request.params.asset_id),
  );
}
