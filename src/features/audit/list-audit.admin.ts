import type { Static } from 'typebox';
import type { App } from '../../http/app-types.js';
import { AuditPage, AuditQuery, AuditTenantPath } from './audit.schemas.js';
import { listAudit } from './audit.service.js';

/**
 * GET /admin/v0/tenants/{tenant}/audit: a tenant's audit log, newest first, filtered by actor,
 * action, record and time; GET /admin/v0/audit: the instance-wide entries (tenants created,
 * instance admins managed), for instance admins.
 */
export function listAuditAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/audit',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListTenantAudit',
        tags: ['Audit'],
        summary: "Read a tenant's audit log, newest first",
        params: AuditTenantPath,
        querystring: AuditQuery,
        response: { 200: AuditPage },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return listAudit(app.db, tenantId, filtersOf(request.query), request.query);
    },
  );
  app.get(
    '/audit',
    {
      config: { policy: { access: 'instance' } },
      schema: {
        operationId: 'adminListAudit',
        tags: ['Audit'],
        summary: 'Read the audit log of the whole instance, newest first',
        querystring: AuditQuery,
        response: { 200: AuditPage },
      },
    },
    async (request) => listAudit(app.db, '', filtersOf(request.query), request.query),
  );
}

function filtersOf(query: Static<typeof AuditQuery>) {
  return {
    ...(query.actor === undefined ? {} : { actor: query.actor }),
    ...(query.action === undefined ? {} : { action: query.action }),
    ...(query.record === undefined ? {} : { record: query.record }),
    ...(query.since === undefined ? {} : { since: Date.parse(query.since) }),
    ...(query.until === undefined ? {} : { until: Date.parse(query.until) }),
  };
}
