import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { isFlagSet } from '../../http/query-flags.js';
import { deleteTenant } from './delete-tenant.service.js';
import { DeletionCounts, DryRunQuery } from './deletion.schemas.js';

const TenantDeletion = Type.Object(
  { tenantId: Type.String(), name: Type.String(), ...DeletionCounts },
  { additionalProperties: false },
);

/** DELETE /admin/v0/tenants/{tenant}: the tenant and all its data (`?dryRun=true` counts it only). */
export function deleteTenantAdmin(app: App): void {
  app.delete(
    '/tenants/:tenant',
    {
      config: { policy: { access: 'instance', action: 'tenant.delete', dryRun: true } },
      schema: {
        operationId: 'adminDeleteTenant',
        tags: ['Tenants'],
        summary: 'Delete a tenant and every row it owns (README, "What a deletion removes")',
        params: Type.Object({ tenant: PathId }),
        querystring: DryRunQuery,
        response: { 200: TenantDeletion, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      deleteTenant(app.db, request.params.tenant, { dryRun: isFlagSet(request.query.dryRun) }),
  );
}
