import { sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type {
  DeliveryStatus,
  Executor,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
} from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';
import { EVENTS_CHANNEL, notifyWakeup } from '../../db/wakeups.js';
import { newId } from '../../ids.js';

/** SQL of webhook deliveries and their attempts. */

/** A new delivery, due at `now`, with no attempt yet. */
export function pendingDelivery(
  fields: Pick<
    WebhookDeliveriesTable,
    | 'tenant_id'
    | 'endpoint_id'
    | 'event_id'
    | 'event_type'
    | 'event_position'
    | 'ordering_key'
    | 'max_attempts'
  > &
    Partial<Pick<WebhookDeliveriesTable, 'replay_of' | 'lease_owner' | 'lease_expires_at'>>,
  now: number,
): WebhookDeliveriesTable {
  return {
    id: newId('delivery'),
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now,
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    replay_of: null,
    replayed_by: null,
    created_at: now,
    completed_at: null,
    ...fields,
  };
}

/** Inserts deliveries and wakes the event pumps (LISTEN/NOTIFY, src/db/wakeups.ts) when they commit. */
export async function insertDeliveries(db: Executor, rows: readonly WebhookDeliveriesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await notifyWakeup(db, EVENTS_CHANNEL);
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(start, start + 500))
      .execute();
}

/**
 * Leases up to `limit` deliveries that are due: pending, their time come, no live lease, their
 * endpoint enabled, and no earlier pending delivery with the same ordering key to the same
 * endpoint (events of one audience go one at a time, in order). SKIP LOCKED on PostgreSQL, so
 * workers never wait for each other; a lease that runs out (a worker killed mid-attempt) makes the
 * delivery due again.
 */
export async function claimDueDeliveries(
  tx: Executor,
  owner: string,
  now: number,
  leaseUntil: number,
  limit: number,
  tenantId: string,
): Promise<WebhookDeliveriesTable[]> {
  // One tenant at a time (nextDueTenant): a locking read on Citus must name its tenant, in every
  // table it reads (a correlation `e.tenant_id = d.tenant_id` is not enough for Citus's router).
  const lock = sql.raw(dialectOf(tx) === 'postgres' ? 'for update of d skip locked' : '');
  const ofTenant = sql`and d.tenant_id = ${tenantId}`;
  const result = await sql<WebhookDeliveriesTable>`update webhook_deliveries
    set lease_owner = ${owner}, lease_expires_at = ${leaseUntil}
    from (select d.tenant_id, d.id from webhook_deliveries d
          where d.status = 'pending' and d.next_attempt_at <= ${now}
            and (d.lease_expires_at is null or d.lease_expires_at < ${now}) ${ofTenant}
            and exists (select 1 from webhook_endpoints e
              where e.tenant_id = ${tenantId} and e.id = d.endpoint_id and e.enabled = 1)
            and (d.ordering_key = '' or not exists (select 1 from webhook_deliveries p
              where p.tenant_id = ${tenantId} and p.endpoint_id = d.endpoint_id
                and p.ordering_key = d.ordering_key and p.status = 'pending'
                and p.event_position < d.event_position))
          order by d.next_attempt_at, d.event_position
          limit ${limit} ${lock}) as claimed
    where webhook_deliveries.tenant_id = ${tenantId}
      and webhook_deliveries.tenant_id = claimed.tenant_id and webhook_deliveries.id = claimed.id
    returning *`.execute(tx);
  return result.rows;
}

/**
 * The tenant of the delivery due longest (only `tenantId`'s with one), or undefined when none is
 * due: a read, so idle polling never writes; the claim then runs within that tenant.
 */
export async function nextDueTenant(
  db: Executor,
  now: number,
  tenantId?: string,
): Promise<string | undefined> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select('tenant_id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .orderBy('next_attempt_at', 'asc');
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return (await query.limit(1).executeTakeFirst())?.tenant_id;
}

/**
 * Settles the attempt of a leased delivery; false (and nothing changed) when `owner` no longer
 * holds the lease.
 */
export async function settleDelivery(
  tx: Executor,
  delivery: Pick<WebhookDeliveriesTable, 'tenant_id' | 'id'>,
  owner: string,
  changes: Partial<WebhookDeliveriesTable>,
): Promise<boolean> {
  const result = await tx
    .updateTable('webhook_deliveries')
    .set({ ...changes, lease_owner: null, lease_expires_at: null })
    .where('tenant_id', '=', delivery.tenant_id)
    .where('id', '=', delivery.id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAttempt(db: Executor, row: WebhookAttemptsTable): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

export async function findDelivery(db: Executor, tenantId: string, endpointId: string, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
}

export async function updateDelivery(
  db: Executor,
  tenantId: string,
  deliveryId: string,
  changes: Partial<WebhookDeliveriesTable>,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deliveryId)
    .execute();
}

/** The attempts of these deliveries, oldest first. */
export async function attemptsOf(db: Executor, tenantId: string, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}

/** A page of an endpoint's deliveries, newest first, optionally of one status. */
export async function listDeliveriesPage(
  db: Executor,
  tenantId: string,
  endpointId: string,
  status: DeliveryStatus | undefined,
  after: SortKey | null,
  limit: number,
) {
  let query = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId);
  if (status !== undefined) query = query.where('status', '=', status);
  return newestFirst(query, after, limit).execute();
}

export async function countDeliveries(
  db: Executor,
  tenantId: string,
  endpointId: string,
  status: DeliveryStatus | undefined,
): Promise<number> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId);
  if (status !== undefined) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** Failed deliveries of an endpoint created at or after `since` and not replayed yet, oldest first. */
export async function failedUnreplayedSince(
  db: Executor,
  tenantId: string,
  endpointId: string,
  since: number,
  limit: number,
) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'failed')
    .where('replayed_by', 'is', null)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks every pending delivery of an endpoint failed (the endpoint was disabled). */
export async function failPendingDeliveries(
  tx: Executor,
  tenantId: string,
  endpointId: string,
  reason: string,
  at: number,
): Promise<void> {
  await tx
    .updateTable('webhook_deliveries')
    .set({
      status: 'failed',
      completed_at: at,
      last_error: reason,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Deletes up to `limit` deliveries finished before `before` (of one tenant), with their attempts. */
export async function pruneFinishedDeliveries(
  db: Executor,
  before: number,
  limit: number,
  tenantId?: string,
): Promise<number> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(['tenant_id', 'id'])
    .where('completed_at', '<', before);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  const old = await query.limit(limit).execute();
  for (const { tenant_id, id } of old) {
    await db
      .deleteFrom('webhook_attempts')
      .where('tenant_id', '=', tenant_id)
      .where('delivery_id', '=', id)
      .execute();
    await db
      .deleteFrom('webhook_deliveries')
      .where('tenant_id', '=', tenant_id)
      .where('id', '=', id)
      .execute();
  }
  return old.length;
}
