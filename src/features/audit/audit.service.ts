import type { AuditLogTable, Executor } from '../../db/schema.js';
import type { SortKeyShape } from '../../db/sort-key.js';
import { newId } from '../../ids.js';
import { decodeCursor, pageSize, toPage } from '../../lists/pagination.js';
import { toIso } from '../../time.js';
import type { Actor, Origin } from './actor.js';
import { type AuditFilters, insertAuditEntry, listAuditPage } from './audit.repository.js';

export interface AuditEvent {
  action: string;
  recordType?: string | null;
  recordId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Members whose values never reach the audit log, at any depth. */
const SECRET = /password|secret|apikey|api_key|token|^key$/i;
/** A before/after document larger than this is left out ("where small"). */
const MAX_DOCUMENT = 4096;

/**
 * Records one action. Call it with the transaction that makes the change, so the entry is
 * written exactly when the change is (src/features/audit/record-writes.ts does it for routes
 * whose services own their transaction, after the write succeeded).
 */
export async function recordAudit(
  db: Executor,
  tenantId: string | null,
  actor: Actor,
  origin: Origin,
  event: AuditEvent,
  now = Date.now(),
): Promise<void> {
  await insertAuditEntry(db, auditRow(tenantId, actor, origin, event, now));
}

/** The row of one entry: secrets removed, large documents left out. */
/**
 * The audit entry of a write whose record id is known only once it is written, made by the route
 * and written by the service inside the change's own transaction (record-writes.ts auditInChange).
 */
export type AuditEntryFor = (recordId: string) => AuditLogTable;

export function auditRow(
  tenantId: string | null,
  actor: Actor,
  origin: Origin,
  event: AuditEvent,
  now = Date.now(),
): AuditLogTable {
  return {
    tenant_id: tenantId ?? '',
    id: newId('audit'),
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_label: actor.label,
    action: event.action,
    record_type: event.recordType ?? null,
    record_id: event.recordId ?? null,
    before: smallDocument(event.before),
    after: smallDocument(event.after),
    ip: origin.ip,
    request_id: origin.requestId,
    created_at: now,
  };
}

/** JSON with every secret member removed, or null when absent or too large to be "small". */
export function smallDocument(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, (key, member) => (SECRET.test(key) ? undefined : member));
  return text === undefined || text.length > MAX_DOCUMENT ? null : text;
}

const SHAPE: SortKeyShape = ['string'];

export async function listAudit(
  db: Executor,
  tenantId: string,
  filters: AuditFilters,
  request: { cursor?: string; limit?: number },
) {
  const after = decodeCursor(request.cursor, SHAPE, { ...filters });
  const limit = pageSize(request.limit);
  const rows = await listAuditPage(db, tenantId, filters, after, limit + 1);
  const page = toPage(rows, limit, {
    keyOf: (row) => [row.id],
    filters: { ...filters },
    totalCount: 0,
    map: toAuditEntry,
  });
  // The log only grows; an exact count would scan it, so its lists carry none.
  return { ...page, totalCount: null };
}

export function toAuditEntry(row: AuditLogTable) {
  return {
    id: row.id,
    tenantId: row.tenant_id === '' ? null : row.tenant_id,
    actor: { kind: row.actor_kind, id: row.actor_id, label: row.actor_label },
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    ip: row.ip,
    requestId: row.request_id,
    createdAt: toIso(row.created_at),
  };
}
