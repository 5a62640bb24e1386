import type { Db, WebhookDeliveriesTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { matchesAnyPattern } from '../../outbox/event-types.js';
import { eventsAfter, lockCursor, readCursor, setCursor } from '../../outbox/outbox.repository.js';
import { insertDeliveries, pendingDelivery } from './deliveries.repository.js';
import { enabledEndpointsOf } from './webhooks.repository.js';

const BATCH = 500;

/**
 * Turns numbered events into deliveries: one per enabled endpoint of the event's tenant, created
 * before the event, whose `events` patterns match its type. It reads the stream from the 'fanout' cursor and moves the
 * cursor in the same transaction, so each event is fanned out exactly once, by one process at a
 * time (the cursor's row lock). Returns how many events it handled.
 */
export async function fanOutEvents(db: Db, maxAttempts: number): Promise<number> {
  if ((await readCursor(db, 'fanout')) >= (await readCursor(db, 'sequence'))) return 0;
  return writeTransaction(db, async (tx) => {
    const from = await lockCursor(tx, 'fanout');
    if (from === undefined) return 0;
    const events = await eventsAfter(tx, from, BATCH);
    if (events.length === 0) return 0;
    const endpoints = await enabledEndpointsOf(tx, [...new Set(events.map((e) => e.tenant_id))]);
    const now = Date.now();
    const deliveries: WebhookDeliveriesTable[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        // An endpoint receives what happens after it was created (replays aside).
        if (endpoint.tenant_id !== event.tenant_id || event.created_at < endpoint.created_at) continue;
        if (!matchesAnyPattern(JSON.parse(endpoint.event_types) as string[], event.type)) continue;
        deliveries.push(
          pendingDelivery(
            {
              tenant_id: event.tenant_id,
              endpoint_id: endpoint.id,
              event_id: event.id,
              event_type: event.type,
              event_position: event.position,
              ordering_key: event.audience_id ?? '',
              max_attempts: maxAttempts,
            },
            now,
          ),
        );
      }
    }
    await insertDeliveries(tx, deliveries);
    await setCursor(tx, 'fanout', events[events.length - 1]!.position);
    return events.length;
  });
}
