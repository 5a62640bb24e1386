import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors.js';
import { telemetry } from '../metrics/telemetry.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';
import type { RateLimitStore, StoreVerdict } from './rate-limit-store.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';
import { settle } from './sync-hook.js';

/**
 * Per-API-key rate limiting with the generic cell rate algorithm (GCRA, a token bucket kept as one
 * number per key: the "theoretical arrival time"). A key may send RATE_LIMIT_BURST requests at once
 * and RATE_LIMIT_PER_SECOND sustained. With REDIS_URL the state lives in Redis (one atomic script,
 * Redis's clock), so every node enforces the same limit; without it, in this process's memory
 * (the stores: rate-limit-store.ts). This file holds the limiter and the hook that applies it.
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
    throw ApiError.rateLimited('Rate limit exceeded', retryAfter);
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
