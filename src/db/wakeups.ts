import { sql } from 'kysely';
import pg from 'pg';
import { dialectOf } from './dialect.js';
import type { Executor } from './schema.js';

/**
 * Wake-ups on PostgreSQL (LISTEN/NOTIFY). A writer announces new work with `notifyWakeup` in the
 * transaction that writes it; PostgreSQL delivers the notification when (and only if) that
 * transaction commits, so a woken consumer always finds what woke it. The consumers (the event
 * stream's poller, the event pump, the version workers) listen through one dedicated connection
 * per database handle (`WakeupListener`) and poll as before, at their usual interval, as the
 * fallback: a lost notification or a lost listening connection only delays them to the next poll.
 *
 * NOTIFY is sent by the application, never by a trigger: on Citus a trigger runs on the worker
 * node that holds the shard, and its notification never reaches the coordinator the consumers
 * listen on. SQLite has no such thing: its consumers poll (docs/events.md).
 */

/** New events in the outbox, or webhook deliveries due now (the stream's poller, the event pump). */
export const EVENTS_CHANNEL = 'quire_events';
/** A version joined the queue (the version workers). */
export const VERSIONS_CHANNEL = 'quire_versions';
/**
 * API keys stopped being valid (the API-key caches of every server process); the payload names
 * them (src/features/tenants/key-invalidations.ts).
 */
export const KEYS_CHANNEL = 'quire_keys';

export type WakeupChannel = typeof EVENTS_CHANNEL | typeof VERSIONS_CHANNEL | typeof KEYS_CHANNEL;

/** Channels already notified per transaction: PostgreSQL folds duplicates anyway; this saves the round trip. */
const notified = new WeakMap<object, Set<WakeupChannel>>();

/**
 * Announces work on `channel`, delivered to listeners when `db`'s transaction commits (at once
 * outside a transaction). A no-op on SQLite. A `payload` (at most 7,999 bytes) reaches the handlers;
 * notifications with a payload are never folded together.
 */
export async function notifyWakeup(db: Executor, channel: WakeupChannel, payload = ''): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  if (db.isTransaction && payload === '') {
    let channels = notified.get(db);
    if (channels === undefined) {
      channels = new Set();
      notified.set(db, channels);
    }
    if (channels.has(channel)) return;
    channels.add(channel);
  }
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/**
 * The SQL fragment of a statement that notifies, for writers that insert events in one statement.
 * Cast to text: Citus materialises a CTE as an intermediate result, which cannot hold a column of
 * pg_notify's pseudo-type void ("column pg_notify has pseudo-type void").
 */
export function notifySql(channel: WakeupChannel): string {
  return `pg_notify('${channel}', '')::text`;
}

export interface WakeupListenerOptions {
  /** First wait before reconnecting a lost connection; doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Told when the connection is lost or cannot be opened (once per outage). */
  onError?: (error: unknown) => void;
}

/**
 * Told of a notification with its payload ('' when none), or with null when the listener starts
 * listening again after an outage: whatever was announced meanwhile is lost, so look for it.
 */
type Handler = (payload: string | null) => void;

/**
 * One LISTEN connection, opened at the first subscription and kept until `close`. A lost
 * connection (a restarted server, pg_terminate_backend, a network cut) is reopened with backoff
 * (minBackoffMs doubling to maxBackoffMs); once listening again, every subscriber is woken once,
 * since notifications sent meanwhile are lost.
 */
export class WakeupListener {
  readonly #url: string;
  readonly #minBackoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #handlers = new Map<WakeupChannel, Set<Handler>>();
  #client: pg.Client | null = null;
  #connecting: Promise<void> | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #failures = 0;
  #closed = false;
  #listening = false;
  #readyWaiters: (() => void)[] = [];

  constructor(url: string, options: WakeupListenerOptions = {}) {
    this.#url = url;
    this.#minBackoffMs = options.minBackoffMs ?? 250;
    this.#maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.#onError = options.onError ?? (() => {});
  }

  /** Whether the connection is open and listening on every subscribed channel. */
  get listening(): boolean {
    return this.#listening;
  }

  /** The listening connection's server process id (tests terminate it), or null. */
  get processId(): number | null {
    return this.#listening ? ((this.#client as unknown as { processID?: number })?.processID ?? null) : null;
  }

  /** Resolves once listening (for tests; consumers never wait for it: they poll meanwhile). */
  ready(): Promise<void> {
    if (this.#listening) return Promise.resolve();
    return new Promise((resolve) => this.#readyWaiters.push(resolve));
  }

  /** Calls `handler` on each notification of `channel`; returns the function that stops it. */
  subscribe(channel: WakeupChannel, handler: Handler): () => void {
    let handlers = this.#handlers.get(channel);
    const isNew = handlers === undefined;
    if (handlers === undefined) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
    }
    handlers.add(handler);
    if (this.#client === null && this.#connecting === null && this.#retryTimer === null) this.#connect();
    else if (isNew && this.#listening && this.#client !== null) {
      const client = this.#client;
      client.query(`listen ${channel}`).catch((error: unknown) => this.#lost(client, error));
    }
    return () => {
      handlers.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const client = this.#client;
    this.#client = null;
    await this.#connecting?.catch(() => {});
    await client?.end().catch(() => {});
  }

  #connect(): void {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 5_000 });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('the listening connection ended')));
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      for (const handler of this.#handlers.get(message.channel as WakeupChannel) ?? []) handler(payload);
    });
    this.#client = client;
    this.#connecting = (async () => {
      await client.connect();
      for (const channel of this.#handlers.keys()) await client.query(`listen ${channel}`);
    })().then(
      () => {
        this.#connecting = null;
        if (this.#closed || this.#client !== client) {
          client.end().catch(() => {});
          return;
        }
        this.#failures = 0;
        this.#listening = true;
        for (const resolve of this.#readyWaiters.splice(0)) resolve();
        // Whatever was announced while nobody listened is found now.
        for (const handlers of this.#handlers.values()) for (const handler of handlers) handler(null);
      },
      (error: unknown) => {
        this.#connecting = null;
        this.#lost(client, error);
      },
    );
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = false;
    client.end().catch(() => {});
    if (this.#closed) return;
    if (this.#failures === 0) this.#onError(error);
    this.#failures += 1;
    const wait = Math.min(this.#minBackoffMs * 2 ** Math.min(this.#failures - 1, 16), this.#maxBackoffMs);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.#connect();
    }, wait);
  }
}

const listeners = new WeakMap<object, WakeupListener>();

/** Sets (or, in tests, replaces) the listener of a database handle (database.ts, PostgreSQL). */
export function setWakeupListener(db: object, listener: WakeupListener): void {
  listeners.set(db, listener);
}

/** The listener of a database handle (PostgreSQL); undefined on SQLite. */
export function wakeupListenerOf(db: object): WakeupListener | undefined {
  return listeners.get(db);
}

/**
 * Wakes `wake` on `channel` when `enabled` and the database has a listener; returns the function
 * that stops it (a no-op otherwise).
 */
export function onWakeup(db: object, channel: WakeupChannel, enabled: boolean, wake: Handler): () => void {
  if (!enabled) return () => {};
  return wakeupListenerOf(db)?.subscribe(channel, wake) ?? (() => {});
}
