import type { Db } from '../../db/schema.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { type CreatePersonLogInput, createPersonLog } from './person-logs.service.js';

/** The operator's person log, shared by the admin API and `quire logs`: the tenant is named by id or name. */
export async function addPersonLog(
  db: Db,
  tenantIdOrName: string,
  personId: string,
  input: CreatePersonLogInput,
) {
  const tenantId = await requireTenant(db, tenantIdOrName);
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
