import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminAssetPath, Asset } from './assets.schemas.js';
import { showAsset } from './assets-reads.service.js';

export function getAssetAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/assets/:asset_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetAsset',
        tags: ['Assets'],
        summary: 'Show an asset, whatever its lifecycle state',
        params: AdminAssetPath,
        response: { 200: Asset, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return showAsset(app.db, tenantId, app.config.publicFileBaseUrl, request.params.asset_id);
    },
  );
}
