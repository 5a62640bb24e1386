import type { Db } from '../../db/schema.js';
import { KEYS_CHANNEL, onWakeup, wakeupListenerOf } from '../../db/wakeups.js';
import type { ApiKeyCache } from '../../http/auth.js';
import { findLiveKeyIds } from './api-keys.repository.js';

/**
 * API keys stop being valid, everywhere, soon after the change commits: a tenant's deletion (all
 * its keys) or one key's revocation (docs/security.md, "Revoking a key"). A key's scopes never
 * change, so nothing else invalidates a cached verdict.
 *
 * - In the process that made the change: the `announce…` functions below, called by the services
 *   once it is committed, make the API-key cache (src/http/auth.ts, wired in src/app.ts) forget the
 *   keys at once.
 * - In every other process on PostgreSQL: the writer sends a NOTIFY on KEYS_CHANNEL in its
 *   transaction (`notifyKeysInvalidated`, api-keys.repository.ts), naming the key or the tenant;
 *   each server process LISTENs (`watchKeyInvalidations`, src/db/wakeups.ts) and forgets them
 *   within milliseconds of the commit. While its listening connection is down, it polls as on
 *   SQLite; once listening again, it forgets every cached verdict, since notices sent meanwhile
 *   are lost.
 * - In every other process on SQLite (the CLI's `quire keys revoke`, another `quire serve` on the
 *   same file): each server process checks every API_KEY_REVOCATION_POLL_MS (1 s) that the keys it
 *   has cached are still live, in one indexed query, and forgets those that are not.
 *
 * With the poll off (0) and no listener, API_KEY_CACHE_TTL_MS bounds it, as before.
 */
export type KeyInvalidation = { tenantId: string } | { keyId: string };
type Listener = (gone: KeyInvalidation) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with each invalidation; answers the function that stops it. */
export function onKeysInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceTenantDeleted(tenantId: string): void {
  for (const listener of listeners) listener({ tenantId });
}

export function announceKeyRevoked(keyId: string): void {
  for (const listener of listeners) listener({ keyId });
}

/** Ids checked per query by the poll (well under SQLite's limit on bound parameters). */
const POLL_CHUNK = 500;

export interface KeyWatchOptions {
  /** PostgreSQL: LISTEN for other processes' invalidations (EVENTS_LISTEN). */
  listen: boolean;
  /** How often to check the cached keys when nothing tells this process (0: never). */
  pollMs: number;
  /** Told when a poll fails (the next one tries again). */
  onError?: (error: unknown) => void;
}

/**
 * Makes `cache` forget the keys other processes revoke or whose tenant they delete (see above);
 * answers the function that stops watching.
 */
export function watchKeyInvalidations(db: Db, cache: ApiKeyCache, options: KeyWatchOptions): () => void {
  const forget = (gone: KeyInvalidation) =>
    'keyId' in gone ? cache.forgetKey(gone.keyId) : cache.forgetTenant(gone.tenantId);
  const stopLocal = onKeysInvalidated(forget);
  const stopListening = onWakeup(db, KEYS_CHANNEL, options.listen, (payload) => {
    const gone = payload === null ? null : parseNotice(payload);
    if (gone === undefined) return;
    // null: listening again after an outage, whose notices are lost.
    if (gone === null) cache.forgetAll();
    else forget(gone);
  });
  const listener = options.listen ? wakeupListenerOf(db) : undefined;

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const poll = async () => {
    // NOTIFY tells this process at once while it listens; the poll is its fallback.
    if (listener?.listening === true) return;
    const ids = cache.cachedKeyIds();
    for (let i = 0; i < ids.length; i += POLL_CHUNK) {
      const chunk = ids.slice(i, i + POLL_CHUNK);
      const live = new Set(await findLiveKeyIds(db, chunk));
      for (const id of chunk) if (!live.has(id)) cache.forgetKey(id);
    }
  };
  const schedule = () => {
    if (stopped || options.pollMs <= 0) return;
    timer = setTimeout(() => {
      poll()
        .catch((error: unknown) => options.onError?.(error))
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  };
  schedule();

  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    stopLocal();
    stopListening();
  };
}

/** `key:<id>` or `tenant:<id>`; undefined for anything else (ignored). */
function parseNotice(payload: string): KeyInvalidation | undefined {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (colon < 0 || id === '') return undefined;
  if (kind === 'key') return { keyId: id };
  if (kind === 'tenant') return { tenantId: id };
  return undefined;
}
