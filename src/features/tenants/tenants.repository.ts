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
