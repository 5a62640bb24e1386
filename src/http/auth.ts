import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keyAllows, type Scope } from '../domain/scopes.js';
import { ApiError } from '../errors.js';
import { ExpiringMap } from './expiring-map.js';
import { FailureThrottle } from './failure-throttle.js';
import { enforceRateLimit, type RateLimiter } from './rate-limit.js';
import { settle } from './sync-hook.js';
import { apiKeyQueryParameter } from './url-credentials.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of the request's API key; every repository call is scoped by it. */
    tenantId: string;
    apiKeyId: string;
    /** The scopes of the request's API key; null is full access. */
    apiKeyScopes: Scope[] | null;
  }
  interface FastifyContextConfig {
    /** The scope a /v0 operation needs (src/domain/scopes.ts); every /v0 route declares one. */
    scope?: Scope;
  }
}

/** The tenant and id of a live API key. */
export interface KeyVerdict {
  tenantId: string;
  keyId: string;
  /** Null or absent: full access (a key created without scopes). */
  scopes?: Scope[] | null;
}

/** What the auth hook is given by the application: it knows no table and no hash of its own. */
export interface ApiKeyAuthOptions {
  /** The hash a key is stored (and cached) under, so the cache never holds keys in the clear. */
  hashKey: (key: string) => string;
  /** The live (not revoked) key with this hash, if any. */
  findKey: (keyHash: string) => Promise<KeyVerdict | undefined>;
  /** How long verdicts are cached; 0 turns the cache off. */
  ttlMs: number;
  limiter?: RateLimiter | null;
  /**
   * Unknown or revoked keys one client address may send at once before it is refused (429) without
   * any lookup; after that one more per second. 0 turns this off.
   */
  failureBurst?: number;
  /**
   * Told of every authenticated request, without being awaited: it records the key's last use
   * off the request's path (and decides itself how often to write).
   */
  onKeyUsed?: (keyId: string) => void;
}

/** Unknown keys are remembered at most this long, in their own cache (see below). */
const NEGATIVE_TTL_MS = 2_000;

/**
 * Keys found live are vouched for this long (hashes only, at most 100,000): their lookups are
 * never throttled, so one client sending made-up keys from a shared address (a NAT, an office's
 * egress, a CI provider) does not lock out the clients there with real keys.
 */
const VOUCHED_TTL_MS = 24 * 3_600_000;
const VOUCHED_MAX = 100_000;

const UNAUTHENTICATED_HEADERS = { 'WWW-Authenticate': 'ApiKey header="x-api-key"' };

/**
 * Checks `x-api-key` on every route of the scope it is registered in, before the body is parsed
 * or validated. Verdicts (good and bad keys alike) are cached for `ttlMs`, so a busy client costs
 * no database round trip per request; a revoked key could therefore keep working for up to `ttlMs`,
 * unless the application forgets it (the returned ApiKeyCache; docs/security.md, "Revoking a key").
 * Rejected keys are cached for at most 2 s, and an address sending many of them is refused before
 * the lookup, so guessing costs the database almost nothing.
 */
export function registerApiKeyAuth(
  scope: FastifyInstance,
  { hashKey, findKey, ttlMs, limiter = null, failureBurst = 0, onKeyUsed }: ApiKeyAuthOptions,
): ApiKeyCache {
  const cache = new ExpiringMap<string, KeyVerdict>(10_000, Math.max(ttlMs, 1));
  // Rejected keys live in a separate, short cache: a flood of made-up keys can then neither evict
  // the live keys' verdicts nor keep a key that was just created refused for long.
  const negativeTtlMs = Math.min(ttlMs, NEGATIVE_TTL_MS);
  const rejected = new ExpiringMap<string, true>(10_000, Math.max(negativeTtlMs, 1));
  const failures = failureBurst > 0 ? new FailureThrottle(failureBurst, 1000) : null;
  const vouched = new ExpiringMap<string, true>(VOUCHED_MAX, VOUCHED_TTL_MS);
  /** How many times verdicts were forgotten: a lookup that saw it move caches nothing. */
  let forgotten = 0;

  /** The cached verdict of a key hash (false: known bad), or undefined when it must be looked up. */
  function cached(hash: string): KeyVerdict | false | undefined {
    if (ttlMs <= 0) return undefined;
    const verdict = cache.get(hash);
    if (verdict !== undefined) return verdict;
    return rejected.has(hash) ? false : undefined;
  }

  async function lookUp(hash: string, address: string): Promise<KeyVerdict | false> {
    // Only an address that has not sent too many bad keys may cost a database lookup, unless the
    // key was live before: the throttle is for guesses, never for the keys of other clients there.
    const known = vouched.has(hash);
    const waitMs = known ? 0 : (failures?.blockedFor(address) ?? 0);
    if (waitMs > 0) {
      const retryAfter = Math.ceil(waitMs / 1000);
      throw ApiError.rateLimited('Too many invalid API keys from this address', retryAfter);
    }
    const epoch = forgotten;
    const verdict = await findKey(hash);
    if (verdict === undefined) {
      // A revoked key loses its voucher: from now on it counts (and is throttled) as a guess.
      if (known) vouched.delete(hash);
      failures?.fail(address);
      if (negativeTtlMs > 0) rejected.set(hash, true);
      return false;
    }
    vouched.set(hash, true);
    // A key forgotten while it was looked up may have been read live just before its revocation
    // committed: it is used for this request only, not cached.
    if (ttlMs > 0 && epoch === forgotten) cache.set(hash, verdict);
    return verdict;
  }

  scope.decorateRequest('tenantId', '');
  scope.decorateRequest('apiKeyId', '');
  scope.decorateRequest('apiKeyScopes', null);
  // Rejected requests are limited per client address, with the same budget as a key, so guessing
  // keys (or hammering the key lookup) is throttled too.
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
    if (limiter !== null) await enforceRateLimit(limiter, `ip:${request.ip}`, reply);
    throw error;
  };
  const accept = (request: FastifyRequest, reply: FastifyReply, verdict: KeyVerdict | false) => {
    if (verdict === false) return refuse(request, reply, invalidKey());
    request.tenantId = verdict.tenantId;
    request.apiKeyId = verdict.keyId;
    request.apiKeyScopes = verdict.scopes ?? null;
    onKeyUsed?.(verdict.keyId);
    requireScope(request, request.apiKeyScopes);
  };
  // A callback hook: a key whose verdict is cached (nearly every request) is checked without a
  // promise; only a lookup or a refusal goes asynchronous.
  scope.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    settle(() => {
      const misplaced = apiKeyQueryParameter(request.url);
      if (misplaced !== null) return refuse(request, reply, keyInUrl(misplaced));
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || key.length === 0) return refuse(request, reply, missingKey());
      if (key.length > 256) return refuse(request, reply, invalidKey());
      const hash = hashKey(key);
      const verdict = cached(hash);
      if (verdict !== undefined) return accept(request, reply, verdict);
      return lookUp(hash, request.ip).then((found) => accept(request, reply, found));
    }, done);
  });
  return {
    forgetTenant: (tenantId) => {
      forgotten += 1;
      cache.deleteWhere((verdict) => verdict.tenantId === tenantId);
    },
    forgetKey: (keyId) => {
      forgotten += 1;
      cache.deleteWhere((verdict) => verdict.keyId === keyId);
    },
    forgetAll: () => {
      forgotten += 1;
      cache.clear();
    },
    cachedKeyIds: () => [...new Set(Array.from(cache.values(), (verdict) => verdict.keyId))],
  };
}

/** The cached verdicts, for the application to drop when it knows better than their expiry. */
export interface ApiKeyCache {
  /** Forgets every key of a deleted tenant: the next request with one is looked up (and refused). */
  forgetTenant(tenantId: string): void;
  /** Forgets a revoked key: its next request is looked up (and refused). */
  forgetKey(keyId: string): void;
  /** Forgets every verdict (revocations may have been missed): each key is looked up again. */
  forgetAll(): void;
  /** The ids of the keys cached as live, for a check that they still are. */
  cachedKeyIds(): string[];
}

function keyInUrl(parameter: string): ApiError {
  return new ApiError(
    'unauthenticated',
    `Send the API key in the x-api-key header, never in the URL (found the query parameter ${parameter}); URLs are logged by proxies and browsers, so treat that key as exposed`,
    [{ parameter, detail: 'API keys are not accepted in the URL', code: 'credential_in_url' }],
    UNAUTHENTICATED_HEADERS,
  );
}

function missingKey(): ApiError {
  return new ApiError(
    'unauthenticated',
    'Send your API key in the x-api-key header',
    undefined,
    UNAUTHENTICATED_HEADERS,
  );
}

function invalidKey(): ApiError {
  return new ApiError(
    'unauthenticated',
    'The API key is not valid or has been revoked',
    undefined,
    UNAUTHENTICATED_HEADERS,
  );
}

/**
 * Refuses a request its key's scopes do not cover (403 naming the scope). A route that declares
 * no scope is open to full-access keys only, so a route added without one fails closed; an
 * unknown URL still answers its 404.
 */
function requireScope(request: FastifyRequest, scopes: Scope[] | null): void {
  if (scopes === null || request.is404) return;
  // Routes open to any live key (the MCP endpoint: each tool call is a /v0 request checked on its own).
  if (request.routeOptions.config.anyScope === true) return;
  const needed = request.routeOptions.config.scope;
  if (needed === undefined) {
    throw new ApiError(
      'forbidden',
      'This operation needs a full-access API key (one created without scopes)',
    );
  }
  if (!keyAllows(scopes, needed)) {
    const held = scopes.length === 0 ? 'none' : scopes.join(', ');
    throw new ApiError('forbidden', `This operation needs the scope ${needed}; the API key has: ${held}`);
  }
}
