import { setImmediate as nextTurn } from 'node:timers/promises';
import { STEP_BUDGET_MS } from './background-share.js';

/**
 * Long synchronous work on the requests' thread (reading and checking a 10,000-row target list
 * takes a few hundred milliseconds) awaits `take()` between its items: once `budgetMs` has passed
 * since the last turn, the event loop gets one, so a request that arrives meanwhile waits about
 * that long instead of for all of the work. Between turns `take()` costs a clock read.
 */
export class Turns {
  #since = performance.now();

  constructor(private readonly budgetMs = STEP_BUDGET_MS) {}

  async take(): Promise<void> {
    if (performance.now() - this.#since < this.budgetMs) return;
    await nextTurn();
    this.#since = performance.now();
  }
}
