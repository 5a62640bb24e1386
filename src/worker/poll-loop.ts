/**
 * The loop of a worker: runs `step` again at once while it finds work, waits `pollMs` when it did
 * not, and logs a step that failed without stopping. `wake` cuts a wait short; `stop` ends the
 * loop after the step in progress.
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
    while (!this.#stopping) {
      let worked = false;
      try {
        worked = await this.#step();
      } catch (error) {
        this.#onError(error);
      }
      if (!worked && !this.#stopping) await this.#sleep(this.#pollMs);
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
