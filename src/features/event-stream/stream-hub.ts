import type { Db } from '../../db/schema.js';
import { EVENTS_CHANNEL, onWakeup } from '../../db/wakeups.js';
import { eventsAfter, readCursor, type StreamedEvent } from '../../outbox/outbox.repository.js';
import { SEQUENCE_BATCH, sequenceEvents } from '../../outbox/sequencer.js';

/** One open stream: its tenant, which events it wants and how far it has got. */
export interface StreamSubscriber {
  readonly tenantId: string;
  wants(event: StreamedEvent): boolean;
  send(event: StreamedEvent): void;
  /** Ends the stream (the server is shutting down; the client resumes elsewhere with Last-Event-ID). */
  end(): void;
}

interface Subscription {
  subscriber: StreamSubscriber;
  /** The last position handled (sent, or skipped by the filter). */
  position: number;
  /** Until its backlog is sent, what arrives waits here. */
  buffer: StreamedEvent[] | null;
}

const CATCH_UP_BATCH = 500;
const POLL_BATCH = 1_000;

/**
 * The event streams of one process. One poller reads what is new in the outbox for every open
 * stream (one query per EVENTS_POLL_MS however many streams are open, none when none is) and
 * hands each event to the streams of its tenant. A stream that resumes (Last-Event-ID) first reads
 * its tenant's backlog from the outbox. Events written by other processes are seen like this
 * process's own: they are all read back from the database, after the sequencer has numbered them
 * (the poller runs it too, so the stream does not depend on a worker running). On PostgreSQL a
 * NOTIFY sent with each event (src/db/wakeups.ts) wakes the poller at once; the poll every
 * EVENTS_POLL_MS stays as the fallback.
 */
export class EventStreamHub {
  readonly #db: Db;
  readonly #pollMs: number;
  readonly #subscriptions = new Set<Subscription>();
  /** Position of the newest event the poller has read; null while no stream is open. */
  #seen: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #polling = false;
  /** A wake-up arrived during a poll: the next one runs at once. */
  #woken = false;
  #closed = false;
  readonly #listen: boolean;
  #unlisten: (() => void) | null = null;

  /** `listen`: woken by LISTEN/NOTIFY on PostgreSQL (src/db/wakeups.ts) besides polling every `pollMs`. */
  constructor(db: Db, pollMs: number, listen = true) {
    this.#db = db;
    this.#pollMs = pollMs;
    this.#listen = listen;
  }

  /** Open streams of a tenant (EVENTS_MAX_STREAMS_PER_TENANT bounds them). */
  countOf(tenantId: string): number {
    let count = 0;
    for (const { subscriber } of this.#subscriptions) if (subscriber.tenantId === tenantId) count++;
    return count;
  }

  /**
   * The position a new stream without Last-Event-ID starts after: everything committed so far is
   * numbered first (waiting for another process that is numbering), so the stream starts with what
   * happens next.
   */
  async currentPosition(): Promise<number> {
    // Batch after batch: under load more than one batch may be waiting.
    while ((await sequenceEvents(this.#db, { wait: true })) === SEQUENCE_BATCH);
    return readCursor(this.#db, 'sequence');
  }

  /**
   * Adds a stream that has seen everything up to `after`: its backlog is sent first, then what the
   * poller reads. Returns the function that removes it.
   */
  async subscribe(subscriber: StreamSubscriber, after: number): Promise<() => void> {
    const subscription: Subscription = { subscriber, position: after, buffer: [] };
    this.#subscriptions.add(subscription);
    const remove = () => {
      this.#subscriptions.delete(subscription);
      if (this.#subscriptions.size === 0) this.#stop();
    };
    try {
      if (this.#seen === null) this.#seen = await readCursor(this.#db, 'sequence');
      this.#unlisten ??= onWakeup(this.#db, EVENTS_CHANNEL, this.#listen, () => this.#wake());
      this.#schedule();
      for (;;) {
        const backlog = await eventsAfter(
          this.#db,
          subscription.position,
          CATCH_UP_BATCH,
          subscriber.tenantId,
        );
        for (const event of backlog) this.#deliver(subscription, event);
        if (backlog.length < CATCH_UP_BATCH) break;
      }
    } catch (error) {
      remove();
      throw error;
    }
    // The backlog reached at least what the poller had read when the stream was added; what it
    // read since waits in the buffer (positions at or below the backlog's end are skipped).
    const waiting = subscription.buffer ?? [];
    subscription.buffer = null;
    for (const event of waiting) this.#deliver(subscription, event);
    return remove;
  }

  /** Ends every stream and polling for good (the app is closing). */
  close(): void {
    this.#closed = true;
    for (const { subscriber } of this.#subscriptions) subscriber.end();
    this.#subscriptions.clear();
    this.#stop();
  }

  #deliver(subscription: Subscription, event: StreamedEvent): void {
    if (event.position <= subscription.position) return;
    subscription.position = event.position;
    if (subscription.subscriber.wants(event)) subscription.subscriber.send(event);
  }

  /** New events were announced (NOTIFY): poll now, or right after the poll in progress. */
  #wake(): void {
    if (this.#closed || this.#subscriptions.size === 0) return;
    if (this.#polling) {
      this.#woken = true;
      return;
    }
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#schedule(0);
  }

  #schedule(delay = this.#pollMs): void {
    if (this.#timer !== null || this.#closed || this.#subscriptions.size === 0) return;
    this.#timer = setTimeout(() => {
      this.#polling = true;
      this.#woken = false;
      this.#poll().then(
        (full) => {
          this.#polling = false;
          this.#timer = null;
          this.#schedule(full || this.#woken ? 0 : this.#pollMs);
        },
        () => {
          // The database is unavailable for a moment: try again at the next tick.
          this.#polling = false;
          this.#timer = null;
          this.#schedule();
        },
      );
    }, delay);
  }

  #stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#seen = null;
    this.#unlisten?.();
    this.#unlisten = null;
  }

  /** One read of what is new; true when the batch was full (more may be waiting). */
  async #poll(): Promise<boolean> {
    await sequenceEvents(this.#db);
    const after = this.#seen;
    if (after === null) return false;
    const events = await eventsAfter(this.#db, after, POLL_BATCH);
    if (this.#seen !== after) return false;
    for (const event of events) {
      for (const subscription of this.#subscriptions) {
        if (subscription.subscriber.tenantId !== event.tenant_id) continue;
        if (subscription.buffer !== null) subscription.buffer.push(event);
        else this.#deliver(subscription, event);
      }
    }
    if (events.length > 0) this.#seen = events[events.length - 1]!.position;
    return events.length === POLL_BATCH;
  }
}
