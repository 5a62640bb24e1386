/**
 * The loop of a worker: runs `step` again at once while it finds work, waits `pollMs` when it did
 * not, and logs a step that failed without stopping. Failures in a row back off (twice the wait
 * each time, at most MAX_BACKOFF_MS), so a database that is restarting is asked a few times a
 * second, not forty, and the log holds a few lines, not hundreds. `wake` cuts a wait short (and,
 * called during a step, skips the wait after it); `stop` ends the loop after the step in progress.
 */
export class PollLoop {
  readonly #step: () => Promise<boolean>;
  readonly #pollMs: number;
  readonly #onError: (error: unknown) => void;
  #loop: Promise<void> | null = null;
  #stopping = false;
  #wake: (() => void) | null = null;
  /** A wake-up arrived during a step: the next wait is skipped (what woke it may be unseen yet). */
  #woken = false;

  constructor(step: () => Promise<boolean>, pollMs: number, onError: (error: unknown) => void) {
    this.#step = step;
    this.#pollMs = pollMs;
    this.#onError = onError;
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  wake(): void {
    this.#woken = true;
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (!this.#stopping) {
      let worked = false;
      this.#woken = false;
      try {
        worked = await this.#step();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.#onError(error);
      }
      // A wake-up (LISTEN/NOTIFY, a finished delivery) skips the ordinary wait, not a failure's backoff.
      if (!worked && !this.#stopping && !(this.#woken && failures === 0))
        await this.#sleep(failureBackoffMs(this.#pollMs, failures));
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.#wake === done) this.#wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }
}

/** The longest wait after failed steps: a recovered database is noticed within this. */
export const MAX_BACKOFF_MS = 2_000;

/** The wait after `failures` failed steps in a row (0: the ordinary poll interval). */
export function failureBackoffMs(pollMs: number, failures: number): number {
  if (failures === 0) return pollMs;
  return Math.min(Math.max(pollMs, 50) * 2 ** Math.min(failures, 16), Math.max(MAX_BACKOFF_MS, pollMs));
}
