import type { Db, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { newId } from '../../ids.js';
import { telemetry } from '../../metrics/telemetry.js';
import { findEvent } from '../../outbox/outbox.repository.js';
import { toIso } from '../../time.js';
import type { NetworkPolicy } from './address-guard.js';
import {
  claimDueDeliveries,
  failPendingDeliveries,
  insertAttempt,
  settleDelivery,
} from './deliveries.repository.js';
import { signingSecrets } from './endpoints.service.js';
import { retryDelayMs } from './retry-schedule.js';
import { sendWebhook, type WebhookResponse } from './send-webhook.js';
import { signatureHeaders } from './signing.js';
import { findEndpoint, updateEndpoint } from './webhooks.repository.js';

/** What delivering needs from the configuration (WEBHOOK_* in src/config.ts). */
export interface DeliverySettings extends NetworkPolicy {
  timeoutMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  disableAfterMs: number;
}

/** A claim outlives the longest attempt; a worker killed mid-attempt loses it after this. */
export function deliveryLeaseMs(settings: Pick<DeliverySettings, 'timeoutMs'>): number {
  return settings.timeoutMs * 2 + 1_000;
}

/** Leases up to `limit` due deliveries of one tenant (nextDueTenant says whose are due). */
export function claimDue(db: Db, settings: DeliverySettings, owner: string, limit: number, tenantId: string) {
  const now = Date.now();
  return writeTransaction(db, (tx) =>
    claimDueDeliveries(tx, owner, now, now + deliveryLeaseMs(settings), limit, tenantId),
  );
}

const USER_AGENT = 'Quire-Webhooks/1 (+https://www.standardwebhooks.com)';

/** The body of every attempt: Standard Webhooks' `type`, `timestamp` and `data`, data as stored. */
export function eventBody(event: { type: string; created_at: number; data: string }): string {
  const head = JSON.stringify({ type: event.type, timestamp: toIso(event.created_at) });
  return `${head.slice(0, -1)},"data":${event.data}}`;
}

export type AttemptOutcome = 'succeeded' | 'retry' | 'failed' | 'lost';

/**
 * One attempt of a delivery this worker has leased: sign, POST, and record the attempt, the
 * delivery's new state (succeeded; due again after a backoff; failed after its last attempt) and
 * the endpoint's health, in one transaction. An endpoint whose attempts all failed for
 * `disableAfterMs` is disabled, saying why, and its pending deliveries fail.
 */
export async function attemptDelivery(
  db: Db,
  settings: DeliverySettings,
  delivery: WebhookDeliveriesTable,
  owner: string,
): Promise<AttemptOutcome> {
  const { tenant_id: tenantId } = delivery;
  const [endpoint, event] = await Promise.all([
    findEndpoint(db, tenantId, delivery.endpoint_id),
    findEvent(db, tenantId, delivery.event_id),
  ]);
  // Deleted meanwhile: its deliveries went with it.
  if (endpoint === undefined) return 'lost';
  const started = Date.now();
  let response: WebhookResponse;
  if (event === undefined) {
    response = { ok: false, status: null, body: null, error: 'the event is no longer kept', durationMs: 0 };
  } else {
    const body = eventBody(event);
    response = await sendWebhook({
      url: endpoint.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        ...signatureHeaders(event.id, body, signingSecrets(endpoint, started), new Date(started)),
      },
      timeoutMs: settings.timeoutMs,
      policy: settings,
    });
  }
  const outcome = response.ok ? 'succeeded' : 'failed';
  telemetry.webhookAttempt(outcome, response.durationMs / 1000);
  const now = Date.now();
  const attempts = delivery.attempt_count + 1;
  const final = response.ok || attempts >= delivery.max_attempts || event === undefined;
  const settled = await writeTransaction(db, async (tx) => {
    await insertAttempt(tx, {
      tenant_id: tenantId,
      id: newId('attempt'),
      delivery_id: delivery.id,
      endpoint_id: endpoint.id,
      attempted_at: started,
      duration_ms: response.durationMs,
      outcome,
      response_status: response.status,
      response_body: response.body,
      error: response.error,
    });
    const owned = await settleDelivery(tx, delivery, owner, {
      attempt_count: attempts,
      last_error: response.error,
      ...(final
        ? { status: outcome, completed_at: now, next_attempt_at: null }
        : { next_attempt_at: now + retryDelayMs(attempts, settings.retryBaseMs) }),
    });
    if (!owned) return false;
    if (response.ok) await recordSuccess(tx, endpoint, now);
    else await recordFailure(tx, settings, endpoint, response, now);
    return true;
  });
  if (!settled) return 'lost';
  if (final) telemetry.webhookDelivery(outcome);
  return final ? outcome : 'retry';
}

type Tx = Parameters<Parameters<typeof writeTransaction>[1]>[0];

async function recordSuccess(tx: Tx, endpoint: WebhookEndpointsTable, now: number): Promise<void> {
  // Written once a minute at most while all is well, so parallel deliveries do not queue on the row.
  const stale = endpoint.last_success_at === null || endpoint.last_success_at < now - 60_000;
  if (endpoint.failing_since !== null || stale)
    await updateEndpoint(tx, endpoint.tenant_id, endpoint.id, { failing_since: null, last_success_at: now });
}

async function recordFailure(
  tx: Tx,
  settings: DeliverySettings,
  endpoint: WebhookEndpointsTable,
  response: WebhookResponse,
  now: number,
): Promise<void> {
  const current = (await findEndpoint(tx, endpoint.tenant_id, endpoint.id)) ?? endpoint;
  const failingSince = current.failing_since ?? now;
  const disable =
    current.enabled === 1 && settings.disableAfterMs > 0 && now - failingSince >= settings.disableAfterMs;
  if (!disable) {
    if (current.failing_since === null)
      await updateEndpoint(tx, endpoint.tenant_id, endpoint.id, { failing_since: now });
    return;
  }
  const reason =
    `Every delivery attempt failed from ${toIso(failingSince)} to ${toIso(now)}; ` +
    `the last: ${response.error ?? 'no answer'}`;
  await updateEndpoint(tx, endpoint.tenant_id, endpoint.id, {
    enabled: 0,
    disabled_reason: reason,
    disabled_at: now,
    failing_since: failingSince,
    updated_at: now,
  });
  await failPendingDeliveries(tx, endpoint.tenant_id, endpoint.id, 'the endpoint was disabled', now);
  telemetry.webhookEndpointDisabled();
}
