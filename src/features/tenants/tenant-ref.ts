import type { Executor } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { findTenantByIdOrName } from './tenants.repository.js';

/** The id of the tenant an operator names by id or name (admin API, CLI); 404 when none. */
export async function tenantIdOf(db: Executor, idOrName: string): Promise<string> {
  const tenant = await findTenantByIdOrName(db, idOrName);
  if (tenant === undefined) throw ApiError.notFound(`Tenant "${idOrName}"`);
  return tenant.id;
}
