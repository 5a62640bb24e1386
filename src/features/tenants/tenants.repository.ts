import type { Executor, TenantsTable } from '../../db/schema.js';

export async function insertTenant(db: Executor, row: TenantsTable): Promise<void> {
  await db.insertInto('tenants').values(row).execute();
}

/** A tenant by id, or else by its (unique) name: operators may type either. */
export async function findTenantByIdOrName(db: Executor, idOrName: string) {
  return db
    .selectFrom('tenants')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .executeTakeFirst();
}

export async function listTenants(db: Executor) {
  return db.selectFrom('tenants').selectAll().orderBy('created_at').execute();
}

/** Handles that start with `base`, to pick a free one. */
export async function findHandlesLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db.selectFrom('tenants').select('handle').where('handle', 'like', `${base}%`).execute();
  return rows.flatMap((r) => (r.handle === null ? [] : [r.handle]));
}

export async function updateTenantHandle(db: Executor, tenantId: string, handle: string) {
  return db
    .updateTable('tenants')
    .set({ handle })
    .where('id', '=', tenantId)
    .returningAll()
    .executeTakeFirst();
}

export async function findTenantByHandle(db: Executor, handle: string) {
  return db.selectFrom('tenants').select(['id', 'handle']).where('handle', '=', handle).executeTakeFirst();
}

export async function insertTenantHost(db: Executor, host: string, tenantId: string, now: number) {
  await db.insertInto('tenant_hosts').values({ host, tenant_id: tenantId, created_at: now }).execute();
}

export async function deleteTenantHost(db: Executor, tenantId: string, host: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tenant_hosts')
    .where('tenant_id', '=', tenantId)
    .where('host', '=', host)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listTenantHosts(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tenant_hosts')
    .select('host')
    .where('tenant_id', '=', tenantId)
    .orderBy('host')
    .execute();
  return rows.map((r) => r.host);
}

/** Records that the tenant asked for `host` (again: nothing changes). */
export async function insertHostClaim(db: Executor, tenantId: string, host: string, now: number) {
  await db
    .insertInto('tenant_host_claims')
    .values({ tenant_id: tenantId, host, created_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'host']).doNothing())
    .execute();
}

export async function findHostClaim(db: Executor, tenantId: string, host: string) {
  return db
    .selectFrom('tenant_host_claims')
    .select('host')
    .where('tenant_id', '=', tenantId)
    .where('host', '=', host)
    .executeTakeFirst();
}

export async function deleteHostClaim(db: Executor, tenantId: string, host: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tenant_host_claims')
    .where('tenant_id', '=', tenantId)
    .where('host', '=', host)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listHostClaims(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tenant_host_claims')
    .select('host')
    .where('tenant_id', '=', tenantId)
    .orderBy('host')
    .execute();
  return rows.map((r) => r.host);
}

/**
 * Hands a proven host to the tenant: whichever tenant served it before (its claim unproven, or
 * its proof gone with the DNS) no longer does. The tenant id comes first like every tenant query;
 * the host row may belong to another tenant, which is the point.
 */
export async function assignProvenHost(db: Executor, tenantId: string, host: string, now: number) {
  await db.deleteFrom('tenant_hosts').where('host', '=', host).execute();
  await db.insertInto('tenant_hosts').values({ host, tenant_id: tenantId, created_at: now }).execute();
}

/** The tenant a mapped host name serves, with its handle. */
export async function findTenantByHost(db: Executor, host: string) {
  return db
    .selectFrom('tenant_hosts')
    .innerJoin('tenants', 'tenants.id', 'tenant_hosts.tenant_id')
    .select(['tenants.id', 'tenants.handle'])
    .where('tenant_hosts.host', '=', host)
    .executeTakeFirst();
}
