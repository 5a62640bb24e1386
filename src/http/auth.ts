import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { findLiveKeyByHash } from '../features/tenants/api-keys.repository.js';
import { hashApiKey } from '../features/tenants/tenants.service.js';
import { enforceRateLimit, type RateLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of the request's API key; every repository call is scoped by it. */
    tenantId: string;
    apiKeyId: string;
  }
}

interface KeyVerdict {
  tenantId: string;
  keyId: string;
}

const UNAUTHENTICATED_HEADERS = { 'WWW-Authenticate': 'ApiKey header="x-api-key"' };

/**
 * Checks `x-api-key` on every route of the scope it is registered in, before the body is parsed
 * or validated. Verdicts (good and bad keys alike) are cached for `ttlMs`, so a busy client costs
 * no database round trip per request; a revoked key can therefore keep working for up to `ttlMs`.
 */
export function registerApiKeyAuth(
  scope: FastifyInstance,
  db: Executor,
  ttlMs: number,
  limiter: RateLimiter | null = null,
): void {
  const cache = new LRUCache<string, KeyVerdict | false>({ max: 10_000, ttl: Math.max(ttlMs, 1) });

  async function verify(key: string): Promise<KeyVerdict | false> {
    const hash = hashApiKey(key);
    if (ttlMs > 0) {
      const cached = cache.get(hash);
      if (cached !== undefined) return cached;
    }
    const row = await findLiveKeyByHash(db, hash);
    const verdict: KeyVerdict | false = row ? { tenantId: row.tenant_id, keyId: row.id } : false;
    if (ttlMs > 0) cache.set(hash, verdict);
    return verdict;
  }

  scope.decorateRequest('tenantId', '');
  scope.decorateRequest('apiKeyId', '');
  // Rejected requests are limited per client address, with the same budget as a key, so guessing
  // keys (or hammering the key lookup) is throttled too.
  const limitRejected = async (request: FastifyRequest, reply: FastifyReply) => {
    if (limiter !== null) await enforceRateLimit(limiter, `ip:${request.ip}`, reply);
  };
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) {
      await limitRejected(request, reply);
      throw new ApiError(
        'unauthenticated',
        'Send your API key in the x-api-key header',
        undefined,
        UNAUTHENTICATED_HEADERS,
      );
    }
    const verdict = key.length <= 256 ? await verify(key) : false;
    if (verdict === false) {
      await limitRejected(request, reply);
      throw new ApiError(
        'unauthenticated',
        'The API key is not valid or has been revoked',
        undefined,
        UNAUTHENTICATED_HEADERS,
      );
    }
    request.tenantId = verdict.tenantId;
    request.apiKeyId = verdict.keyId;
  });
}
