import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store.js';

// KEYS[1] the bucket; ARGV interval and capacity in ms. Uses Redis's clock, so nodes with skewed
// clocks still agree. Returns {allowed 0|1, backlog ms}.
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local interval = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local nextTat = tat + interval
if nextTat - now > capacity then
  return {0, tostring(tat - now)}
end
redis.call('SET', KEYS[1], tostring(nextTat), 'PX', math.ceil(nextTat - now) + 1)
return {1, tostring(nextTat - now)}
`;

/**
 * The state of the circuit breaker in front of Redis: `closed` (Redis is asked), `open` (Redis
 * failed recently: requests are allowed at once without asking it), `half-open` (the cool-down is
 * over and one request probes Redis; the others are still allowed without asking).
 */
export type RedisBreakerState = 'closed' | 'open' | 'half-open';

/** How long the breaker stays open after a failure before one request probes Redis again. */
export const REDIS_COOL_DOWN_MS = 5_000;

export interface RedisBreakerEvents {
  /** Called once per change of state, with the error that opened it (if any). */
  onStateChange: (state: RedisBreakerState, error?: Error) => void;
}

let latestBreaker: RedisRateLimitStore | null = null;

/**
 * The breaker state of the most recently created Redis store, or null when the rate limit is kept
 * in memory (no REDIS_URL) or off: a gauge for metrics and /readyz-style reports.
 */
export function redisBreakerState(): RedisBreakerState | null {
  return latestBreaker?.state ?? null;
}

/**
 * ioredis, loaded when a Redis store is made (REDIS_URL), not with this module: a server without
 * Redis does not keep it (docs/performance.md, "Memory"). Synchronously, as the store is made.
 */
function loadRedis(): typeof Redis {
  return (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis;
}

/**
 * Shared state in Redis, behind a circuit breaker. If Redis cannot answer within the command
 * timeout the request is allowed (fail open), and so is every request of the next cool-down period
 * without waiting for Redis again; then one request probes it. Without the breaker every request of
 * an outage would wait the whole timeout.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private current: RedisBreakerState = 'closed';
  private openUntil = 0;

  constructor(
    url: string,
    timeoutMs: number,
    private readonly events: RedisBreakerEvents,
    private readonly coolDownMs = REDIS_COOL_DOWN_MS,
  ) {
    this.redis = new (loadRedis())(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      commandTimeout: timeoutMs,
      lazyConnect: false,
    });
    // Connection errors (refused, reset) open the breaker as a failed command would.
    this.redis.on('error', (error: Error) => this.failed(error));
    this.redis.defineCommand('quireGcra', { numberOfKeys: 1, lua: GCRA_SCRIPT });
    latestBreaker = this;
  }

  get state(): RedisBreakerState {
    return this.current;
  }

  async take(key: string, intervalMs: number, capacityMs: number) {
    if (this.current !== 'closed') {
      // Open, or half-open with the probe already out: allow without asking Redis.
      if (this.current === 'half-open' || performance.now() < this.openUntil) return FAIL_OPEN;
      this.change('half-open');
    }
    try {
      const [allowed, backlog] = (await (
        this.redis as unknown as { quireGcra(k: string, i: number, c: number): Promise<[number, string]> }
      ).quireGcra(key, intervalMs, capacityMs)) as [number, string];
      if (this.current !== 'closed') this.change('closed');
      return { allowed: allowed === 1, backlogMs: Number(backlog) };
    } catch (error) {
      this.failed(error as Error);
      return FAIL_OPEN;
    }
  }

  /** Opens the breaker (from closed, or when the probe fails); failures while open change nothing. */
  private failed(error: Error): void {
    if (this.current === 'open') return;
    this.openUntil = performance.now() + this.coolDownMs;
    this.change('open', error);
  }

  private change(state: RedisBreakerState, error?: Error): void {
    this.current = state;
    this.events.onStateChange(state, error);
  }

  async close() {
    if (latestBreaker === this) latestBreaker = null;
    this.redis.disconnect();
  }
}

const FAIL_OPEN = { allowed: true, backlogMs: 0 } as const;
