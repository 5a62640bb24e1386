import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Requests seen within this long count as foreground traffic still going on: under load they come
 * every millisecond or so, while a client polling an import's status every 250 ms slows it only
 * for the steps right after each poll.
 */
const FOREGROUND_WINDOW_MS = 20;
/** However long a step was, the background never waits longer than this before its next one. */
const MAX_REST_MS = 50;
/**
 * While requests come in, a batched step (an import's rows, a worker's drafts) is sized to about
 * this much synchronous work: a request that arrives during a step waits for all of it, so the
 * step's length is what it adds to that request's latency (a quiet p99 is 3-4 ms on the 2-core
 * machine). Spacing the steps out (the rest) does not shorten them; this does.
 */
export const STEP_BUDGET_MS = 3;

export interface ShareClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: ShareClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Background work in the server process (an import's rows, the built-in agent's drafts) runs on
 * the event loop that answers requests, and on SQLite its statements are synchronous: while it
 * runs, a request waits. Each task steps through a `pacer()`. With no request seen in the
 * last 20 ms that is one turn of the event loop (an import runs at full speed); while requests
 * come in, the background as a whole takes at most `share` of the time: after a step of d ms the
 * next background step, of any task, starts d·(1 − share)/share ms later, so the tasks' steps no
 * longer pile up in one turn of the loop (a request still waits behind a step as long as it is).
 * On the server's workers' thread (WORKERS_THREAD) the same pacing follows the main thread's
 * requests: there a step holds up no request, but the rests leave free a core the requests need.
 */
export class BackgroundShare {
  #share: number;
  readonly #clock: ShareClock;
  /**
   * Requests received, bumped by an onRequest hook: the request path pays one atomic increment.
   * In shared memory, so the server's worker thread paces its own steps by the requests its main
   * thread answers (`followRequestsOf`): on two cores its work takes the CPU a request's wake-up
   * would find free.
   */
  #requests = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  #requestsSeen = 0;
  #foregroundAt = Number.NEGATIVE_INFINITY;
  /** The earliest start of the next background step while requests are being served. */
  #nextFree = Number.NEGATIVE_INFINITY;

  constructor(share = 0.5, clock: ShareClock = realClock) {
    this.#share = share;
    this.#clock = clock;
  }

  /** BACKGROUND_SHARE_PERCENT / 100; 1 turns the pacing off. */
  configure(share: number): void {
    this.#share = share;
  }

  noteRequest(): void {
    Atomics.add(this.#requests, 0, 1);
  }

  /** The requests' counter, for a worker thread to follow (src/worker/worker-thread.ts). */
  get requestCounter(): SharedArrayBuffer {
    return this.#requests.buffer as SharedArrayBuffer;
  }

  /** On a worker thread: counts the requests of the thread that owns `counter` as its own. */
  followRequestsOf(counter: SharedArrayBuffer): void {
    this.#requests = new Int32Array(counter);
    this.#requestsSeen = Atomics.load(this.#requests, 0);
  }

  /**
   * Milliseconds the caller should rest after a step of `workMs` (0: just yield a turn).
   * `reserved`: what this caller's previous call reserved; while nobody reserved after it, the
   * caller's step is over and the estimate is given back (a shorter step costs a shorter wait).
   */
  restAfter(workMs: number, reserved = Number.NaN): number {
    const now = this.#clock.now();
    if (this.#nextFree === reserved) this.#nextFree = now;
    if (!this.#foreground(now)) return 0;
    const rest = Math.min(MAX_REST_MS, (workMs * (1 - this.#share)) / this.#share);
    const start = Math.max(now + rest, this.#nextFree);
    // The step to come is reserved at the length of the one just done, then its own rest.
    this.#nextFree = start + workMs + rest;
    return start - now;
  }

  /** Whether requests are coming in (one seen in the last 20 ms) and the pacing is on. */
  #foreground(now: number): boolean {
    const requests = Atomics.load(this.#requests, 0);
    if (requests !== this.#requestsSeen) {
      this.#requestsSeen = requests;
      this.#foregroundAt = now;
    }
    return this.#share < 1 && now - this.#foregroundAt <= FOREGROUND_WINDOW_MS;
  }

  /**
   * A sizer for a task's batches of at most `max` items: all of them while no request comes in
   * (fewer, larger transactions: the task's full speed), else as many as fit STEP_BUDGET_MS at
   * the cost per item its recent batches took (at least one).
   */
  sizer(max: number): StepSizer {
    return new StepSizer(max, () => this.#foreground(this.#clock.now()), this.#clock);
  }

  /**
   * A task's pacer: each `next()` counts the time since the previous one (or since `pacer()`) as
   * the work of a step, and waits as `restAfter` says.
   */
  pacer(): { next(): Promise<void> } {
    let since = this.#clock.now();
    let reserved = Number.NaN;
    return {
      next: async () => {
        const rest = this.restAfter(this.#clock.now() - since, reserved);
        reserved = rest > 0 ? this.#nextFree : Number.NaN;
        if (rest > 0) await this.#clock.sleep(rest);
        else await nextTurn();
        since = this.#clock.now();
      },
    };
  }
}

/**
 * The batch size of one background task (BackgroundShare.sizer). `measure` times a batch's
 * synchronous work (on SQLite: its transaction's statements) and learns the cost per item from it.
 */
export class StepSizer {
  readonly #max: number;
  readonly #foreground: () => boolean;
  readonly #clock: ShareClock;
  /** Milliseconds per item, a moving average of the recent batches (0: none measured yet). */
  #perItemMs = 0;

  constructor(max: number, foreground: () => boolean, clock: ShareClock) {
    this.#max = max;
    this.#foreground = foreground;
    this.#clock = clock;
  }

  /** How many items the next batch takes. */
  next(): number {
    if (!this.#foreground()) return this.#max;
    // Nothing measured yet: start small, so the first batch under load is not the longest.
    if (this.#perItemMs === 0) return 1;
    return Math.max(1, Math.min(this.#max, Math.floor(STEP_BUDGET_MS / this.#perItemMs)));
  }

  /** Runs a batch of `items` items, timing it. */
  async measure<T>(items: number, work: () => Promise<T>): Promise<T> {
    const started = this.#clock.now();
    const result = await work();
    this.record(items, this.#clock.now() - started);
    return result;
  }

  record(items: number, ms: number): void {
    if (items <= 0) return;
    const perItem = ms / items;
    this.#perItemMs = this.#perItemMs === 0 ? perItem : 0.7 * this.#perItemMs + 0.3 * perItem;
  }
}

/**
 * The thread's one background share, configured at start (src/server.ts, and on the workers'
 * thread worker-thread.entry.ts) from BACKGROUND_SHARE_PERCENT.
 */
export const backgroundShare = new BackgroundShare();
