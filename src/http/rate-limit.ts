import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.js';
import { telemetry } from '../metrics/telemetry.js';
import { settle } from './sync-hook.js';

/**
 * Per-API-key rate limiting with the generic cell rate algorithm (GCRA, a token bucket kept as one
 * number per key: the "theoretical arrival time"). A key may send RATE_LIMIT_BURST requests at once
 * and RATE_LIMIT_PER_SECOND sustained. With REDIS_URL the state lives in Redis (one atomic script,
 * Redis's clock), so every node enforces the same limit; without it, in this process's memory.
 *
 * Headers (IETF httpapi-ratelimit-headers draft): `RateLimit-Policy: "per-key";q=<burst>;w=<seconds
 * to refill>` and `RateLimit: "per-key";r=<remaining>;t=<seconds until full>`; over the limit a 429
 * `rate_limited` with an integer `Retry-After`.
 */
export interface RateLimitVerdict {
  allowed: boolean;
  /** Milliseconds until the bucket is full again (allowed) or until one request is allowed (denied). */
  waitMs: number;
  remaining: number;
}

export interface StoreVerdict {
  allowed: boolean;
  backlogMs: number;
}

export interface RateLimitStore {
  /** The in-memory store answers at once (no promise on every request); Redis asynchronously. */
  take(key: string, intervalMs: number, capacityMs: number): StoreVerdict | Promise<StoreVerdict>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  perSecond: number;
  burst: number;
  redisUrl: string | null;
  /** How long a check waits for Redis before the request is allowed anyway. */
  redisTimeoutMs: number;
  /** How long requests are allowed without asking Redis after it failed (default REDIS_COOL_DOWN_MS). */
  redisCoolDownMs?: number;
}

export class RateLimiter {
  private readonly intervalMs: number;
  private readonly capacityMs: number;
  readonly policyHeader: string;

  constructor(
    private readonly store: RateLimitStore,
    readonly perSecond: number,
    readonly burst: number,
  ) {
    this.intervalMs = 1000 / perSecond;
    this.capacityMs = this.intervalMs * burst;
    this.policyHeader = `"per-key";q=${burst};w=${Math.max(1, Math.ceil(burst / perSecond))}`;
  }

  take(key: string): RateLimitVerdict | Promise<RateLimitVerdict> {
    const taken = this.store.take(`quire:rl:${key}`, this.intervalMs, this.capacityMs);
    return taken instanceof Promise ? taken.then((verdict) => this.verdict(verdict)) : this.verdict(taken);
  }

  private verdict({ allowed, backlogMs }: StoreVerdict): RateLimitVerdict {
    if (allowed) {
      return {
        allowed,
        waitMs: backlogMs,
        remaining: Math.max(0, Math.floor((this.capacityMs - backlogMs) / this.intervalMs)),
      };
    }
    // Denied: a request fits again once the backlog has drained below capacity - one interval.
    return { allowed, waitMs: backlogMs + this.intervalMs - this.capacityMs, remaining: 0 };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

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
 * Shared state in Redis, behind a circuit breaker. If Redis cannot answer within the command
 * timeout the request is allowed (fail open), and so is every request of the next cool-down period
 * without waiting for Redis again; then one request probes it. Without the breaker every request of
 * an outage would wait the whole timeout.
 */
/**
 * ioredis, loaded when a Redis store is made (REDIS_URL), not with this module: a server without
 * Redis does not keep it (docs/performance.md, "Memory"). Synchronously, as the store is made.
 */
function loadRedis(): typeof Redis {
  return (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis;
}

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

/** Builds the limiter of a scope (closed with it); null when RATE_LIMIT_PER_SECOND is 0. */
export function createRateLimiter(scope: FastifyInstance, options: RateLimitOptions): RateLimiter | null {
  if (options.perSecond <= 0) return null;
  const burst = Math.max(1, options.burst);
  const store =
    options.redisUrl === null
      ? new MemoryRateLimitStore()
      : new RedisRateLimitStore(
          options.redisUrl,
          options.redisTimeoutMs,
          {
            // One line per change of state (not per request), so an outage cannot flood the logs.
            onStateChange: (state, error) => {
              if (state === 'open') {
                scope.log.warn(
                  { err: error, breaker: state },
                  'rate limit store (Redis) unavailable; allowing requests without it',
                );
              } else if (state === 'closed') {
                scope.log.info({ breaker: state }, 'rate limit store (Redis) available again');
              }
            },
          },
          options.redisCoolDownMs,
        );
  const limiter = new RateLimiter(store, options.perSecond, burst);
  scope.addHook('onClose', async () => limiter.close());
  return limiter;
}

/**
 * Takes one request from `bucket`, sets the RateLimit headers, and throws a 429 when it is empty:
 * at once with the in-memory store, through the returned promise with Redis.
 */
export function enforceRateLimit(
  limiter: RateLimiter,
  bucket: string,
  reply: FastifyReply,
): void | Promise<void> {
  const verdict = limiter.take(bucket);
  return verdict instanceof Promise
    ? verdict.then((taken) => applyVerdict(limiter, taken, reply))
    : applyVerdict(limiter, verdict, reply);
}

function applyVerdict(limiter: RateLimiter, verdict: RateLimitVerdict, reply: FastifyReply): void {
  reply.header('RateLimit-Policy', limiter.policyHeader);
  reply.header(
    'RateLimit',
    `"per-key";r=${verdict.remaining};t=${Math.max(0, Math.ceil(verdict.waitMs / 1000))}`,
  );
  if (!verdict.allowed) {
    telemetry.rateLimitRejected();
    const retryAfter = Math.max(1, Math.ceil(verdict.waitMs / 1000));
    throw new ApiError('rate_limited', `Rate limit exceeded; retry in ${retryAfter} s`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}

/** Limits the authenticated requests of a scope per API key (register it after the key check). */
export function registerRateLimit(scope: FastifyInstance, limiter: RateLimiter | null): void {
  if (limiter === null) return;
  // A callback hook: with the in-memory store no promise is made per request (sync-hook.ts).
  scope.addHook('onRequest', (request, reply, done) =>
    settle(() => enforceRateLimit(limiter, request.apiKeyId, reply), done),
  );
}
