import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { type CreatePersonLogInput, createPersonLog } from '../person-logs/person-logs.service.js';
import { findTenantByIdOrName } from '../tenants/tenants.repository.js';
import { type DeleteOutcome, logTableOf, setLogDeleted } from './logs.service.js';

/**
 * The operator's log verbs, shared by the admin API and `quire logs`: the tenant is named by id or
 * name, a log by its id alone (its prefix tells account log from person log).
 */
async function tenantIdOf(db: Db, tenantIdOrName: string): Promise<string> {
  const tenant = await findTenantByIdOrName(db, tenantIdOrName);
  if (tenant === undefined) throw ApiError.notFound(`Tenant "${tenantIdOrName}"`);
  return tenant.id;
}

export async function addPersonLog(
  db: Db,
  tenantIdOrName: string,
  personId: string,
  input: CreatePersonLogInput,
) {
  const tenantId = await tenantIdOf(db, tenantIdOrName);
  const { record, replayed } = await createPersonLog(db, tenantId, personId, input);
  return {
    personLogId: record.id,
    personId: record.person_id!,
    accountId: record.account_id,
    source: record.source,
    type: record.type,
    payload: JSON.parse(record.payload) as Record<string, unknown>,
    idempotencyKey: record.idempotency_key,
    createdAt: toIso(record.created_at),
    updatedAt: toIsoOrNull(record.updated_at),
    deletedAt: toIsoOrNull(record.deleted_at),
    replayed,
  };
}

/** Soft-deletes (`deleted: true`) or restores an account log or person log. */
export async function setLogDeletedByOperator(
  db: Db,
  tenantIdOrName: string,
  logId: string,
  deleted: boolean,
): Promise<{ logId: string; outcome: DeleteOutcome }> {
  const tenantId = await tenantIdOf(db, tenantIdOrName);
  const table = logTableOf(logId);
  if (table === null) throw ApiError.notFound(`Log "${logId}"`);
  return { logId, outcome: await setLogDeleted(db, tenantId, table, logId, deleted) };
}
