import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { TenantParams } from '../tenants/keys.schemas.js';
import { listWebhooks } from './endpoints.service.js';
import { Webhook } from './webhooks.schemas.js';

/** GET /admin/v0/tenants/{tenant}/webhooks: the tenant's endpoints, oldest first. */
export function listWebhooksAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/webhooks',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'listWebhooks',
        tags: ['Webhooks'],
        summary: "List a tenant's webhook endpoints (never their secrets)",
        params: TenantParams,
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }, { additionalProperties: false }),
        response: { 200: PageOf(Webhook) },
      },
    },
    async (request) => listWebhooks(app.db, request.params.tenant, request.query),
  );
}
