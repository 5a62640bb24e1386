import type { App } from '../../http/app-types.js';
import { KeyParams, KeySummarySchema } from './keys.schemas.js';
import { getKey } from './tenants.service.js';

/** GET /admin/v0/tenants/{tenant}/keys/{keyId}: one key (a key of another tenant is a 404). */
export function getKeyAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/keys/:keyId',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'getKey',
        tags: ['Keys'],
        summary: 'Get an API key (never the key itself)',
        params: KeyParams,
        response: { 200: KeySummarySchema },
      },
    },
    async (request) => getKey(app.db, request.params.tenant, request.params.keyId),
  );
}
