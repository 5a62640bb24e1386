import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

export interface QueueAggregates {
  queued: number;
  processing: number;
  /** Smallest queued_at among queued versions, or null. */
  oldestQueuedAt: number | null;
  /** Smallest available_at among queued versions a worker may claim now, or null. */
  oldestClaimableAt: number | null;
  /** Processing versions whose worker still renews its lease. */
  liveLeases: number;
}

/**
 * The one query that is deliberately not scoped by tenant: operators' aggregates over the whole
 * queue (counts and timestamps, no tenant's data), for /metrics and GET /admin/v0/status. Only
 * `queued` and `processing` rows are read, through the status index the workers use.
 */
export async function queueAggregates(
  db: Executor,
  now: number,
  tenantId?: string,
): Promise<QueueAggregates> {
  let query = db.selectFrom('audience_versions').where('status', 'in', ['queued', 'processing']);
  // One tenant's queue only for a dedicated worker's view (tests share one database).
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  const row = await query
    .select([
      sql<number>`sum(case when status = 'queued' then 1 else 0 end)`.as('queued'),
      sql<number>`sum(case when status = 'processing' then 1 else 0 end)`.as('processing'),
      sql<number | null>`min(case when status = 'queued' then queued_at end)`.as('oldest_queued_at'),
      sql<
        number | null
      >`min(case when status = 'queued' and available_at <= ${now} then available_at end)`.as(
        'oldest_claimable_at',
      ),
      sql<number>`sum(case when status = 'processing' and lease_expires_at >= ${now} then 1 else 0 end)`.as(
        'live_leases',
      ),
    ])
    .executeTakeFirstOrThrow();
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    queued: number(row.queued) ?? 0,
    processing: number(row.processing) ?? 0,
    oldestQueuedAt: number(row.oldest_queued_at),
    oldestClaimableAt: number(row.oldest_claimable_at),
    liveLeases: number(row.live_leases) ?? 0,
  };
}
