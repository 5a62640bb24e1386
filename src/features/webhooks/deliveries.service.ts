import type { Db, DeliveryStatus, Executor, WebhookDeliveriesTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { TEST_EVENT_TYPE } from '../../events/event-types.js';
import { findEvent, insertEvents } from '../../events/outbox.repository.js';
import { newId } from '../../ids.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { attemptDelivery, type DeliverySettings, deliveryLeaseMs } from './deliver.js';
import {
  attemptsOf,
  countDeliveries,
  failedUnreplayedSince,
  findDelivery,
  insertDeliveries,
  listDeliveriesPage,
  pendingDelivery,
  updateDelivery,
} from './deliveries.repository.js';
import { requireEndpoint } from './endpoints.service.js';
import { toDelivery, type WebhookDelivery } from './webhooks.schemas.js';

/** The delivery log of an endpoint, replays and the test event: admin API and `quire webhooks`. */

export async function listDeliveries(
  db: Executor,
  tenant: string,
  webhookId: string,
  request: PageRequest & { status?: DeliveryStatus },
): Promise<Page<WebhookDelivery>> {
  const tenantId = await requireTenant(db, tenant);
  await requireEndpoint(db, tenantId, webhookId);
  const { status } = request;
  const page = await keysetPage(request, {
    shape: ['number', 'string'],
    filters: { tenantId, webhookId, status: status ?? null },
    fetch: (after, limit) => listDeliveriesPage(db, tenantId, webhookId, status, after, limit),
    count: () => countDeliveries(db, tenantId, webhookId, status),
    keyOf: (row) => [row.created_at, row.id],
    map: (row) => row,
  });
  return { ...page, items: await withAttempts(db, tenantId, page.items) };
}

async function withAttempts(db: Executor, tenantId: string, rows: WebhookDeliveriesTable[]) {
  const attempts = await attemptsOf(
    db,
    tenantId,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toDelivery(
      row,
      attempts.filter((a) => a.delivery_id === row.id),
    ),
  );
}

async function requireDelivery(db: Executor, tenantId: string, webhookId: string, deliveryId: string) {
  const delivery = await findDelivery(db, tenantId, webhookId, deliveryId);
  if (delivery === undefined) throw ApiError.notFound(`Delivery "${deliveryId}"`);
  return delivery;
}

export async function getDelivery(
  db: Executor,
  tenant: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const tenantId = await requireTenant(db, tenant);
  await requireEndpoint(db, tenantId, webhookId);
  const [delivery] = await withAttempts(db, tenantId, [
    await requireDelivery(db, tenantId, webhookId, deliveryId),
  ]);
  return delivery!;
}

/**
 * A new delivery of the same event (same `webhook-id`, so receivers that already have it can
 * drop it), due at once. Replays are not held in their audience's order: they are resent as
 * asked. The replayed delivery names its replay (`replayedBy`).
 */
function replayRow(
  original: WebhookDeliveriesTable,
  maxAttempts: number,
  now: number,
): WebhookDeliveriesTable {
  const { tenant_id, endpoint_id, event_id, event_type, event_position } = original;
  const event = { tenant_id, endpoint_id, event_id, event_type, event_position };
  return pendingDelivery(
    { ...event, ordering_key: '', max_attempts: maxAttempts, replay_of: original.id },
    now,
  );
}

async function replayable(db: Executor, tenantId: string, webhookId: string) {
  const endpoint = await requireEndpoint(db, tenantId, webhookId);
  if (endpoint.enabled !== 1)
    throw new ApiError('conflict', 'The webhook is disabled: enable it before replaying deliveries');
}

export async function replayDelivery(
  db: Db,
  tenant: string,
  webhookId: string,
  deliveryId: string,
  maxAttempts: number,
): Promise<WebhookDelivery> {
  const tenantId = await requireTenant(db, tenant);
  await replayable(db, tenantId, webhookId);
  const original = await requireDelivery(db, tenantId, webhookId, deliveryId);
  if ((await findEvent(db, tenantId, original.event_id)) === undefined)
    throw new ApiError('conflict', 'The event of this delivery is no longer kept (EVENTS_RETENTION_HOURS)');
  const replay = replayRow(original, maxAttempts, Date.now());
  await writeTransaction(db, async (tx) => {
    await insertDeliveries(tx, [replay]);
    await updateDelivery(tx, tenantId, original.id, { replayed_by: replay.id });
  });
  return toDelivery(replay, []);
}

const REPLAY_BATCH = 500;

/** Replays the endpoint's failed deliveries created since `since` that were not replayed yet. */
export async function replayFailedDeliveries(
  db: Db,
  tenant: string,
  webhookId: string,
  since: number,
  maxAttempts: number,
): Promise<{ replayed: number; hasMore: boolean }> {
  const tenantId = await requireTenant(db, tenant);
  await replayable(db, tenantId, webhookId);
  const failed = await failedUnreplayedSince(db, tenantId, webhookId, since, REPLAY_BATCH + 1);
  const batch = failed.slice(0, REPLAY_BATCH);
  let replayed = 0;
  await writeTransaction(db, async (tx) => {
    const now = Date.now();
    for (const original of batch) {
      // Deliveries whose event is gone cannot be sent again; they stay failed.
      if ((await findEvent(tx, tenantId, original.event_id)) === undefined) continue;
      const replay = replayRow(original, maxAttempts, now);
      await insertDeliveries(tx, [replay]);
      await updateDelivery(tx, tenantId, original.id, { replayed_by: replay.id });
      replayed++;
    }
  });
  return { replayed, hasMore: failed.length > REPLAY_BATCH };
}

/**
 * Sends a `webhook.test` event to the endpoint now, from this process, and answers the delivery
 * with its attempt. One attempt only; the event never appears on the stream. Works on a disabled
 * endpoint too, to check it before enabling it again.
 */
export async function sendTestEvent(
  db: Db,
  settings: DeliverySettings,
  tenant: string,
  webhookId: string,
): Promise<WebhookDelivery> {
  const tenantId = await requireTenant(db, tenant);
  await requireEndpoint(db, tenantId, webhookId);
  const now = Date.now();
  const owner = `test:${newId('attempt')}`;
  const eventId = newId('event');
  // Held by this call; if it dies before the attempt, a worker makes it after the lease.
  const delivery = pendingDelivery(
    {
      tenant_id: tenantId,
      endpoint_id: webhookId,
      event_id: eventId,
      event_type: TEST_EVENT_TYPE,
      event_position: 0,
      ordering_key: '',
      max_attempts: 1,
      lease_owner: owner,
      lease_expires_at: now + deliveryLeaseMs(settings),
    },
    now,
  );
  await writeTransaction(db, async (tx) => {
    await insertEvents(tx, [
      {
        tenant_id: tenantId,
        id: eventId,
        type: TEST_EVENT_TYPE,
        audience_id: null,
        target_endpoint_id: webhookId,
        data: JSON.stringify({ webhookId, message: 'A test event from Quire.' }),
        created_at: now,
        position: null,
      },
    ]);
    await insertDeliveries(tx, [delivery]);
  });
  await attemptDelivery(db, settings, delivery, owner);
  return getDelivery(db, tenantId, webhookId, delivery.id);
}
