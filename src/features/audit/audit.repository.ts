import { rowChunks } from '../../db/row-chunks.js';
import type { AuditLogTable, Executor } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';

export async function insertAuditEntry(db: Executor, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/**
 * Several entries in a few multi-row statements (the write-audit batch, src/features/audit/audit-batch.ts;
 * log ingestion), of sizes row-chunks.ts keeps few.
 */
export async function insertAuditEntries(db: Executor, rows: AuditLogTable[]): Promise<void> {
  for (const chunk of rowChunks(db, rows, 128)) await db.insertInto('audit_log').values(chunk).execute();
}

const AUDIT_COLUMNS = [
  ['tenant_id', 'text'],
  ['id', 'text'],
  ['actor_kind', 'text'],
  ['actor_id', 'text'],
  ['actor_label', 'text'],
  ['action', 'text'],
  ['record_type', 'text'],
  ['record_id', 'text'],
  ['before', 'text'],
  ['after', 'text'],
  ['ip', 'text'],
  ['request_id', 'text'],
  ['created_at', 'bigint'],
] as const;

/**
 * PostgreSQL: the CTE `audited` of a statement that writes logs (its CTE `log` returns their ids;
 * src/features/activity/log-ingestion.repository.ts):
 * the audit entries given as a JSON array in parameter $n, each written only if its log was, so a
 * log and its entry are committed by the same statement or neither is.
 */
export function auditedLogsCte(n: number): string {
  const names = AUDIT_COLUMNS.map(([name]) => `"${name}"`).join(', ');
  const typed = AUDIT_COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(', ');
  return (
    `"audited" as (insert into "audit_log" (${names}) ` +
    `select ${AUDIT_COLUMNS.map(([name]) => `e."${name}"`).join(', ')} ` +
    `from jsonb_to_recordset($${n}::jsonb) as e(${typed}) join "log" on "log"."id" = e."record_id")`
  );
}

export interface AuditFilters {
  /** An operator's email or id, a key's prefix or id, `admin-token` or `cli`. */
  actor?: string;
  action?: string;
  record?: string;
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
}

/** A tenant's audit entries ('' for instance-wide ones), newest first (ids are time-sortable). */
export async function listAuditPage(
  db: Executor,
  tenantId: string,
  filters: AuditFilters,
  after: SortKey | null,
  limit: number,
) {
  let query = db.selectFrom('audit_log').selectAll().where('tenant_id', '=', tenantId);
  const { actor, action, record, since, until } = filters;
  if (actor !== undefined) {
    query = query.where((eb) => eb.or([eb('actor_label', '=', actor), eb('actor_id', '=', actor)]));
  }
  if (action !== undefined) query = query.where('action', '=', action);
  if (record !== undefined) query = query.where('record_id', '=', record);
  if (since !== undefined) query = query.where('created_at', '>=', since);
  if (until !== undefined) query = query.where('created_at', '<', until);
  if (after !== null) query = query.where('id', '<', String(after[0]));
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Whether the operator signed in successfully from `ip` since `since` (its `session.sign_in`
 * entries, through the record index): a known address, which the sign-in throttle's per-account
 * backoff lets through (src/features/operators/login-throttle.ts).
 */
export async function hasSignedInFrom(
  db: Executor,
  tenantId: string,
  operatorId: string,
  ip: string,
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', operatorId)
    .where('action', '=', 'session.sign_in')
    .where('ip', '=', ip)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
