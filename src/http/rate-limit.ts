import type { FastifyInstance, FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../errors.js';
import { telemetry } from '../metrics/telemetry.js';

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

export interface RateLimitStore {
  take(key: string, intervalMs: number, capacityMs: number): Promise<{ allowed: boolean; backlogMs: number }>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  perSecond: number;
  burst: number;
  redisUrl: string | null;
  /** How long a check waits for Redis before the request is allowed anyway. */
  redisTimeoutMs: number;
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

  async take(key: string): Promise<RateLimitVerdict> {
    const { allowed, backlogMs } = await this.store.take(`quire:rl:${key}`, this.intervalMs, this.capacityMs);
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

/** In-process state: a bounded LRU of arrival times; entries expire once their bucket is full. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly tats = new LRUCache<string, number>({ max: 100_000, ttlAutopurge: false });

  async take(key: string, intervalMs: number, capacityMs: number) {
    const now = performance.timeOrigin + performance.now();
    const tat = Math.max(this.tats.get(key) ?? now, now);
    const next = tat + intervalMs;
    if (next - now > capacityMs) return { allowed: false, backlogMs: tat - now };
    this.tats.set(key, next, { ttl: Math.ceil(next - now) + 1 });
    return { allowed: true, backlogMs: next - now };
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

/** Shared state in Redis. If Redis cannot answer quickly the request is allowed (fail open) and logged. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    timeoutMs: number,
    private readonly onError: (error: Error) => void,
  ) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      commandTimeout: timeoutMs,
      lazyConnect: false,
    });
    this.redis.on('error', onError);
    this.redis.defineCommand('quireGcra', { numberOfKeys: 1, lua: GCRA_SCRIPT });
  }

  async take(key: string, intervalMs: number, capacityMs: number) {
    try {
      const [allowed, backlog] = (await (
        this.redis as unknown as { quireGcra(k: string, i: number, c: number): Promise<[number, string]> }
      ).quireGcra(key, intervalMs, capacityMs)) as [number, string];
      return { allowed: allowed === 1, backlogMs: Number(backlog) };
    } catch (error) {
      this.onError(error as Error);
      return { allowed: true, backlogMs: 0 };
    }
  }

  async close() {
    this.redis.disconnect();
  }
}

/** Builds the limiter of a scope (closed with it); null when RATE_LIMIT_PER_SECOND is 0. */
export function createRateLimiter(scope: FastifyInstance, options: RateLimitOptions): RateLimiter | null {
  if (options.perSecond <= 0) return null;
  const burst = Math.max(1, options.burst);
  let lastLogged = 0;
  const store =
    options.redisUrl === null
      ? new MemoryRateLimitStore()
      : new RedisRateLimitStore(options.redisUrl, options.redisTimeoutMs, (error) => {
          // At most one line every 10 s: a Redis outage must not flood the logs.
          if (Date.now() - lastLogged > 10_000) {
            lastLogged = Date.now();
            scope.log.warn({ err: error }, 'rate limit store unavailable; allowing requests');
          }
        });
  const limiter = new RateLimiter(store, options.perSecond, burst);
  scope.addHook('onClose', async () => limiter.close());
  return limiter;
}

/** Takes one request from `bucket`, sets the RateLimit headers, and throws a 429 when it is empty. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  bucket: string,
  reply: FastifyReply,
): Promise<void> {
  const verdict = await limiter.take(bucket);
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
  scope.addHook('onRequest', async (request, reply) => enforceRateLimit(limiter, request.apiKeyId, reply));
}
