import type { RateLimitStore, StoreVerdict } from './rate-limit-store.js';

/**
 * In-process state: one arrival time per key in a plain Map. Its cost per call does not depend on how
 * many keys it may hold (an lru-cache with max 100,000 clears every preallocated slot whenever its
 * last entry goes, 376 µs for a client that pauses between requests). A time in the past is a full
 * bucket, the same as no entry, so stale entries are only swept when the map reaches its bound.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly tats = new Map<string, number>();

  constructor(private readonly maxKeys = 100_000) {}

  get size(): number {
    return this.tats.size;
  }

  take(key: string, intervalMs: number, capacityMs: number): StoreVerdict {
    const now = performance.timeOrigin + performance.now();
    const stored = this.tats.get(key);
    const tat = stored !== undefined && stored > now ? stored : now;
    const next = tat + intervalMs;
    if (next - now > capacityMs) return { allowed: false, backlogMs: tat - now };
    if (stored === undefined && this.tats.size >= this.maxKeys) this.sweep(now);
    this.tats.set(key, next);
    return { allowed: true, backlogMs: next - now };
  }

  /**
   * Drops full buckets; if the map is still at its bound (that many clients inside their burst
   * window), forgets the oldest half, whose owners start afresh as if evicted from an LRU. Each sweep
   * makes room for at least maxKeys / 2 new keys, so its cost is constant per key on average.
   */
  private sweep(now: number): void {
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
    let excess = this.tats.size - Math.floor(this.maxKeys / 2);
    if (this.tats.size < this.maxKeys || excess <= 0) return;
    for (const key of this.tats.keys()) {
      if (excess-- <= 0) break;
      this.tats.delete(key);
    }
  }

  async close() {}
}
