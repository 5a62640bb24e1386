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
