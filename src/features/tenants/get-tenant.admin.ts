import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Tenant } from './tenants-admin.schemas.js';
import { showTenant } from './tenants-reads.service.js';

export function getTenantAdmin(app: App): void {
  app.get(
    '/tenants/:tenant',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetTenant',
        tags: ['Tenants'],
        summary: 'Show a tenant (by id or name) with its API keys',
        params: Type.Object({ tenant: PathId }),
        response: { 200: Tenant, ...problemResponses('not_found') },
      },
    },
    async (request) => showTenant(app.db, request.params.tenant),
  );
}
