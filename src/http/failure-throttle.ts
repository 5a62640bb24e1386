import { ExpiringMap } from './expiring-map.js';

/**
 * Counts failures (bad credentials) per client address and says when an address has failed too
 * often. A leaky bucket per address: `burst` failures at once, then one more every
 * `refillMs`. Checked before the credential is looked at, so a blocked address learns nothing and
 * costs nothing; successes do not drain it. In this process's memory (bounded, expiring-map.ts): several nodes
 * each give an address its own budget, which still caps guessing at a few per second per node.
 */
export class FailureThrottle {
  // Per address: the time its bucket is empty again (ms since the epoch).
  private readonly drainedAt: ExpiringMap<string, number>;

  constructor(
    private readonly burst: number,
    private readonly refillMs: number,
    maxAddresses = 50_000,
  ) {
    this.drainedAt = new ExpiringMap(maxAddresses, refillMs);
  }

  /** Milliseconds until `address` may try again; 0 when it may try now. */
  blockedFor(address: string, now = Date.now()): number {
    const drained = this.drainedAt.get(address, now);
    if (drained === undefined) return 0;
    const over = drained - now - (this.burst - 1) * this.refillMs;
    return over > 0 ? Math.ceil(over) : 0;
  }

  /** Records one failure of `address`. */
  fail(address: string, now = Date.now()): void {
    const drained = Math.max(this.drainedAt.get(address, now) ?? now, now) + this.refillMs;
    this.drainedAt.set(address, drained, drained - now + 1, now);
  }
}
