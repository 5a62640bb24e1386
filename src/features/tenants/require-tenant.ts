import type { Executor } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { findTenantByIdOrName } from './tenants.repository.js';

/** The id of a tenant an operator named (by id or name), or a 404. */
export async function requireTenant(db: Executor, idOrName: string): Promise<string> {
  const tenant = await findTenantByIdOrName(db, idOrName);
  if (tenant === undefined) throw ApiError.notFound('Tenant');
  return tenant.id;
}
