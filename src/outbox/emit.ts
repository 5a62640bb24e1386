import type { EventsTable, Executor } from '../db/schema.js';
import { newId } from '../ids.js';
import type { EventType } from './event-types.js';
import { insertEvents } from './outbox.repository.js';

/**
 * What a change announces: its type, the `data` subscribers receive (the resource as /v0 returns
 * it, or ids and a summary where it is large) and, for events about an audience, its id (events of
 * one audience are delivered in order).
 */
export interface OutgoingEvent {
  type: EventType;
  data: Record<string, unknown>;
  audienceId?: string | null;
}

export type EventRow = Omit<EventsTable, 'seq'>;

/** The outbox row of an event, for the few writers that insert it in their own statement. */
export function eventRow(tenantId: string, event: OutgoingEvent, at = Date.now()): EventRow {
  return {
    tenant_id: tenantId,
    id: newId('event'),
    type: event.type,
    audience_id: event.audienceId ?? null,
    target_endpoint_id: null,
    data: JSON.stringify(event.data),
    created_at: at,
    position: null,
  };
}

/**
 * Writes events into the outbox. Call it with the transaction of the change the events announce:
 * a committed change then always has its events and a rolled-back one never does. Nothing is sent
 * from here; the sequencer numbers the events after commit and the workers deliver them.
 */
export async function emitEvents(
  tx: Executor,
  tenantId: string,
  events: readonly OutgoingEvent[],
  at = Date.now(),
): Promise<void> {
  if (events.length > 0)
    await insertEvents(
      tx,
      events.map((event) => eventRow(tenantId, event, at)),
    );
}

export async function emitEvent(tx: Executor, tenantId: string, event: OutgoingEvent, at = Date.now()) {
  await emitEvents(tx, tenantId, [event], at);
}
