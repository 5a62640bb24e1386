import { requestFingerprint } from '../../db/create-once.js';
import type { App } from '../../http/app-types.js';
import { markReplayed } from '../../http/idempotency.js';
import { problemResponses } from '../../http/problem.js';
import { Asset, CreateAssetBody, toAsset } from './assets.schemas.js';
import { createAsset } from './assets.service.js';

export function createAssetRoute(app: App): void {
  app.post(
    '/v0/assets',
    {
      config: { scope: 'assets:write' },
      schema: {
        operationId: 'createAsset',
        tags: ['Assets'],
        summary: 'Create an image asset',
        description:
          'Creates an `image` asset (other types are created by operators). `purpose` defaults to "", `hidden` to false. ' +
          '`parentAssetId` must name an asset of the tenant (404 `asset_not_found`). With an `idempotencyKey`, repeating ' +
          'the same request replays the first response with `Idempotent-Replayed: true`; the same key with another body is a 422.',
        body: CreateAssetBody,
        response: {
          201: Asset,
          ...problemResponses('asset_not_found', 'conflict', 'idempotency_key_reused'),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { record, replayed } = await createAsset(
        app.db,
        request.tenantId,
        {
          assetType: 'image',
          name: body.name,
          purpose: body.purpose,
          fileId: body.fileId,
          parentAssetId: body.parentAssetId,
          hidden: body.hidden ?? false,
          tags: [],
          aiDescription: null,
        },
        body.idempotencyKey === undefined
          ? undefined
          : { key: body.idempotencyKey, fingerprint: requestFingerprint(body) },
      );
      if (replayed) markReplayed(reply);
      return reply
        .code(201)
        .header('Location', `/v0/assets/${record.id}`)
        .send(toAsset(record, app.config.publicFileBaseUrl));
    },
  );
}
