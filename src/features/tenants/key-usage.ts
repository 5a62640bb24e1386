import type { Executor } from '../../db/schema.js';
import { touchApiKey } from './api-keys.repository.js';

/** A key's last use is written at most this often: a busy key costs one UPDATE a minute. */
export const KEY_USAGE_INTERVAL_MS = 60_000;

/**
 * What the /v0 auth hook calls on every authenticated request. The write runs after the current
 * request has moved on (setImmediate) and is never awaited: recording a use must neither slow nor
 * fail a request, so a failed write is dropped (the next minute's write catches up).
 */
export function keyUsageRecorder(
  db: Executor,
  { intervalMs = KEY_USAGE_INTERVAL_MS, now = Date.now } = {},
): (keyId: string) => void {
  const lastWritten = new Map<string, number>();
  return (keyId) => {
    const at = now();
    const previous = lastWritten.get(keyId);
    if (previous !== undefined && at - previous < intervalMs) return;
    // Bounded: forgetting old entries only costs one extra write for those keys.
    if (lastWritten.size >= 10_000) lastWritten.clear();
    lastWritten.set(keyId, at);
    setImmediate(() => {
      touchApiKey(db, keyId, at).catch(() => {});
    });
  };
}
