import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { type DeleteOutcome, logTableOf, setLogDeleted } from './logs.service.js';

/**
 * Soft-deletes (`deleted: true`) or restores an account log or person log, for the admin API and
 * `quire logs`: the tenant is named by id or name, a log by its id alone (its prefix tells account
 * log from person log).
 */
export async function setLogDeletedByOperator(
  db: Db,
  tenantIdOrName: string,
  logId: string,
  deleted: boolean,
): Promise<{ logId: string; outcome: DeleteOutcome }> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const table = logTableOf(logId);
  if (table === null) throw ApiError.notFound(`Log "${logId}"`);
  return { logId, outcome: await setLogDeleted(db, tenantId, table, logId, deleted) };
}
