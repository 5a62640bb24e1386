import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { KeySummarySchema, TenantParams } from './keys.schemas.js';
import { listKeys } from './tenants.service.js';

/** GET /admin/v0/tenants/{tenant}/keys: the tenant's keys, revoked ones included, oldest first. */
export function listKeysAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/keys',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'listKeys',
        tags: ['Keys'],
        summary: "List a tenant's API keys (prefix, label, scopes, created, last used, revoked)",
        params: TenantParams,
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }, { additionalProperties: false }),
        response: { 200: PageOf(KeySummarySchema) },
      },
    },
    async (request) => listKeys(app.db, request.params.tenant, request.query),
  );
}
