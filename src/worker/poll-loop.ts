/**
 * The loop of a worker: runs `step` again at once while it finds work, waits `pollMs` when it did
 * not, and logs a step that failed without stopping. Failures in a row back off (twice the wait
 * each time, at most MAX_BACKOFF_MS), so a database that is restarting is asked a few times a
 * second, not forty, and the log holds a few lines, not hundreds. `wake` cuts a wait short; `stop`
 * ends the loop after the step in progress.
 */
export class PollLoop {
  readonly #step: () => Promise<boolean>;
  readonly #pollMs: number;
  readonly #onError: (error: unknown) => void;
  #loop: Promise<void> | null = null;
  #stopping = false;
  #wake: (() => void) | null = null;

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
      try {
        worked = await this.#step();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.#onError(error);
      }
      if (!worked && !this.#stopping) await this.#sleep(failureBackoffMs(this.#pollMs, failures));
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
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
