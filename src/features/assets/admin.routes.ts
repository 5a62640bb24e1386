import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import {
  AdminAssetPath,
  Asset,
  AssetEditBody,
  type AssetType,
  OperatorAssetBody,
  toAsset,
} from './assets.schemas.js';
import { createAsset } from './assets.service.js';
import { type AssetAction, applyAssetAction, editAsset } from './assets-operator.service.js';
import { getAssetAdmin } from './get-asset.admin.js';
import { listAssetsAdmin } from './list-assets.admin.js';

const ACTIONS: AssetAction[] = ['trash', 'restore', 'delete'];
const ACTION_SUMMARIES: Record<AssetAction, { operationId: string; summary: string }> = {
  trash: { operationId: 'adminTrashAsset', summary: 'Move an asset to the trash (it can be restored)' },
  restore: { operationId: 'adminRestoreAsset', summary: 'Restore a trashed asset' },
  delete: { operationId: 'adminDeleteAsset', summary: 'Delete an asset (final; it stays listed as deleted)' },
};

/** Operator API for assets: any type, tags and aiDescription, the lifecycle (same services as `quire assets`). */
export function assetsAdminRoutes(app: App): void {
  listAssetsAdmin(app);
  getAssetAdmin(app);
  app.post(
    '/tenants/:tenant/assets',
    {
      config: { policy: { access: 'editor', action: 'asset.create' } },
      schema: {
        operationId: 'adminCreateAsset',
        tags: ['Assets'],
        summary: 'Create an asset',
        params: Type.Object({ tenant: PathId }),
        body: OperatorAssetBody,
        response: { 201: Asset },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const body = request.body;
      const { record } = await createAsset(app.db, tenantId, {
        assetType: body.assetType as AssetType,
        name: body.name,
        purpose: body.purpose ?? '',
        fileId: body.fileId,
        parentAssetId: body.parentAssetId,
        hidden: body.hidden ?? false,
        tags: body.tags ?? [],
        aiDescription: body.aiDescription ?? null,
      });
      return reply.code(201).send(toAsset(record, app.config.publicFileBaseUrl));
    },
  );
  app.patch(
    '/tenants/:tenant/assets/:asset_id',
    {
      config: { policy: { access: 'editor', action: 'asset.update' } },
      schema: {
        operationId: 'adminUpdateAsset',
        tags: ['Assets'],
        summary: "Change an asset's tags, AI description or visibility",
        params: AdminAssetPath,
        body: AssetEditBody,
        response: { 200: Asset },
      },
    },
    async (request) => {
      const { tenantId } = request;
      const row = await editAsset(app.db, tenantId, request.params.asset_id, request.body);
      return toAsset(row, app.config.publicFileBaseUrl);
    },
  );
  for (const action of ACTIONS) {
    app.post(
      `/tenants/:tenant/assets/:asset_id/${action}`,
      {
        config: { policy: { access: 'editor', action: `asset.${action}` } },
        schema: {
          ...ACTION_SUMMARIES[action],
          tags: ['Assets'],
          params: AdminAssetPath,
          response: { 200: Asset },
        },
      },
      async (request) => {
        const { tenantId } = request;
        const row = await applyAssetAction(app.db, tenantId, request.params.asset_id, action);
        return toAsset(row, app.config.publicFileBaseUrl);
      },
    );
  }
}
