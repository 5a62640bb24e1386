/**
 * Where the rate limit keeps its state (rate-limit.ts): in this process's memory
 * (memory-rate-limit-store.ts) or in Redis, shared by every node (redis-rate-limit-store.ts). A
 * store keeps one GCRA arrival time per key and answers whether one more request fits.
 */
export interface StoreVerdict {
  allowed: boolean;
  backlogMs: number;
}

export interface RateLimitStore {
  /** The in-memory store answers at once (no promise on every request); Redis asynchronously. */
  take(key: string, intervalMs: number, capacityMs: number): StoreVerdict | Promise<StoreVerdict>;
  close(): Promise<void>;
}
