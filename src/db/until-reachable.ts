import { isDatabaseUnavailable } from './unavailable.js';

export interface UntilReachableOptions {
  /** Told of each failed attempt and the wait before the next. */
  onRetry: (error: unknown, attempt: number, waitMs: number) => void;
  /** Aborting stops the retries: the last error is thrown. */
  signal?: AbortSignal;
  /** First wait; each next one is twice as long, at most maxWaitMs. */
  firstWaitMs?: number;
  maxWaitMs?: number;
}

/**
 * Runs `step` until it succeeds while its failures say the database cannot serve right now (not
 * up yet, restarting, refusing connections): a `quire worker` started before its database, or
 * beside a database that restarts, waits for it instead of exiting. Any other failure (a wrong
 * password, a missing database, a failed migration) is thrown at once: waiting would not fix it.
 */
export async function untilReachable<T>(step: () => Promise<T>, options: UntilReachableOptions): Promise<T> {
  const { onRetry, signal, firstWaitMs = 250, maxWaitMs = 5_000 } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal?.aborted) throw error;
      const waitMs = Math.min(firstWaitMs * 2 ** (attempt - 1), maxWaitMs);
      onRetry(error, attempt, waitMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
      if (signal?.aborted) throw error;
    }
  }
}
