import type { App } from '../../http/app-types.js';
import { KeyParams, KeySummarySchema } from './keys.schemas.js';
import { revokeTenantKey } from './tenants.service.js';

/**
 * POST /admin/v0/tenants/{tenant}/keys/{keyId}/revoke: revokes a key of the tenant (again is a
 * no-op) and answers the key as it is now. It stops working at once here, soon after on every
 * other process (key-invalidations.ts).
 */
export function revokeKeyAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/keys/:keyId/revoke',
    {
      config: { policy: { access: 'admin', action: 'key.revoke' } },
      schema: {
        operationId: 'revokeKey',
        tags: ['Keys'],
        summary: 'Revoke an API key',
        params: KeyParams,
        response: { 200: KeySummarySchema },
      },
    },
    async (request) => revokeTenantKey(app.db, request.params.tenant, request.params.keyId),
  );
}
