import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { listApiKeys } from './api-keys.repository.js';
import { findTenantByIdOrName, listTenantHosts } from './tenants.repository.js';

/** A tenant as the operator sees it: `GET /admin/v0/tenants/{tenant}` and `quire tenants show`. */
export async function showTenant(db: Db, idOrName: string) {
  const tenant = await findTenantByIdOrName(db, idOrName);
  if (tenant === undefined) throw ApiError.notFound(`Tenant "${idOrName}"`);
  const keys = await listApiKeys(db, tenant.id);
  return {
    tenantId: tenant.id,
    name: tenant.name,
    handle: tenant.handle,
    hosts: await listTenantHosts(db, tenant.id),
    createdAt: toIso(tenant.created_at),
    keys: keys.map((k) => ({
      keyId: k.id,
      prefix: k.prefix,
      label: k.label,
      createdAt: toIso(k.created_at),
      revokedAt: toIsoOrNull(k.revoked_at),
    })),
  };
}

/** Whether a tenant still exists (a long-lived stream of the admin token ends when it is deleted). */
export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  return (await findTenantByIdOrName(db, tenantId)) !== undefined;
}
