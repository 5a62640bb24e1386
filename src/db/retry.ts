import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_WAITS } from '../config.js';

/**
 * Retrying a transaction that lost a race it could not win by waiting: a PostgreSQL deadlock or
 * serialisation failure, or SQLite's write lock held by another process. Nothing of the attempt
 * was committed, so running the whole transaction again is safe.
 */

/** PostgreSQL chose this transaction as a deadlock victim, or could not serialise it. */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Another process holds SQLite's write lock (busy_timeout ran out). */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY';
}

/**
 * Runs `attempt` until it succeeds, fails with an error `retryable` rejects, or `budgetMs` (or
 * `maxAttempts`) is used up; then the last error is thrown. The waits grow from a few
 * milliseconds to `maxDelayMs` with full jitter, so contenders that collided do not collide again
 * in step. The waits are timers: the event loop keeps serving meanwhile.
 */
export async function retrying<T>(
  attempt: () => Promise<T>,
  retryable: (error: unknown) => boolean,
  { budgetMs, maxAttempts = Number.POSITIVE_INFINITY, maxDelayMs = 200 }: RetryLimits,
): Promise<T> {
  const started = Date.now();
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const spent = Date.now() - started;
      if (!retryable(error) || tries >= maxAttempts || spent >= budgetMs) throw error;
      const ceiling = Math.min(maxDelayMs, 5 * 2 ** tries, budgetMs - spent);
      await sleep(1 + Math.random() * ceiling);
    }
  }
}

export interface RetryLimits {
  /** Total time spent retrying, in milliseconds. */
  budgetMs: number;
  maxAttempts?: number;
  maxDelayMs?: number;
}

/** How long a SQLite write keeps retrying on SQLITE_BUSY, per database handle (set when opened). */
const sqliteBusyBudgets = new WeakMap<object, number>();

export function setSqliteBusyBudget(db: object, budgetMs: number): void {
  sqliteBusyBudgets.set(db, budgetMs);
}

export function sqliteBusyBudget(db: object): number {
  return sqliteBusyBudgets.get(db) ?? DEFAULT_WAITS.sqliteBusyRetryMs;
}
