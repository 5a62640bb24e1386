import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { tenantIdOf } from '../tenants/tenant-ref.js';
import {
  AiDescription,
  ASSET_TYPES,
  type AssetType,
  FILE_ID_MAX,
  NAME_MAX,
  PURPOSE_MAX,
  Tags,
  toAsset,
} from './assets.schemas.js';
import { createAsset } from './assets.service.js';
import { type AssetAction, applyAssetAction, editAsset } from './assets-operator.service.js';

export const OperatorAssetBody = Type.Object(
  {
    assetType: Type.String({ enum: [...ASSET_TYPES] }),
    name: Type.String({ maxLength: NAME_MAX }),
    purpose: Type.Optional(Type.String({ maxLength: PURPOSE_MAX })),
    fileId: Type.String({ maxLength: FILE_ID_MAX }),
    parentAssetId: Type.Optional(Type.String({ maxLength: 255 })),
    hidden: Type.Optional(Type.Boolean()),
    tags: Type.Optional(Tags),
    aiDescription: Type.Optional(AiDescription),
  },
  { additionalProperties: false },
);

export const AssetEditBody = Type.Object(
  {
    tags: Type.Optional(Tags),
    aiDescription: Type.Optional(AiDescription),
    hidden: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

const AssetParams = Type.Object({ tenant: PathId, asset_id: PathId });
const ACTIONS: AssetAction[] = ['trash', 'restore', 'delete'];

/** Operator API for assets: any type, tags and aiDescription, the lifecycle (same services as `quire assets`). */
export function assetsAdminRoutes(app: App): void {
  app.post(
    '/tenants/:tenant/assets',
    { schema: { params: Type.Object({ tenant: PathId }), body: OperatorAssetBody } },
    async (request, reply) => {
      const tenantId = await tenantIdOf(app.db, request.params.tenant);
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
    { schema: { params: AssetParams, body: AssetEditBody } },
    async (request) => {
      const tenantId = await tenantIdOf(app.db, request.params.tenant);
      const row = await editAsset(app.db, tenantId, request.params.asset_id, request.body);
      return toAsset(row, app.config.publicFileBaseUrl);
    },
  );
  for (const action of ACTIONS) {
    app.post(
      `/tenants/:tenant/assets/:asset_id/${action}`,
      { schema: { params: AssetParams } },
      async (request) => {
        const tenantId = await tenantIdOf(app.db, request.params.tenant);
        const row = await applyAssetAction(app.db, tenantId, request.params.asset_id, action);
        return toAsset(row, app.config.publicFileBaseUrl);
      },
    );
  }
}
