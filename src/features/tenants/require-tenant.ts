import type { Executor } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { findTenantByIdOrName } from './tenants.repository.js';

/**
 * The id of the tenant an operator names by id or name (admin API, CLI, worker); a 404 naming
 * what was asked for when there is none. The one place an operator's tenant reference is resolved.
 */
export async function requireTenant(db: Executor, idOrName: string): Promise<string> {
  const tenant = await findTenantByIdOrName(db, idOrName);
  if (tenant === undefined) throw ApiError.notFound(`Tenant "${idOrName}"`);
  return tenant.id;
}
