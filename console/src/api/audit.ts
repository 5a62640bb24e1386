/** The tenant's audit log. */
import { client, ok, present } from './client';

export const auditCalls = {
  listAudit: (
    tenant: string,
    filters: {
      actor?: string;
      action?: string;
      record?: string;
      since?: string;
      until?: string;
      cursor?: string;
    },
  ) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/audit', {
        params: { path: { tenant }, query: present({ ...filters, limit: 50 }) },
      }),
    ),
};
