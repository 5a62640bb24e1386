import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { FailureThrottle } from './failure-throttle.js';

/** Failed admin authentications allowed per client address at once, then one more per refill. */
export const ADMIN_FAILURE_BURST = 10;
export const ADMIN_FAILURE_REFILL_MS = 6_000;

/**
 * Guards the operator API: `Authorization: Bearer $ADMIN_TOKEN`, compared in constant time. An
 * address that fails too often gets 429 with Retry-After before its token is even compared, so
 * guessing is held to about ten tries a minute per address.
 */
export function registerAdminAuth(scope: FastifyInstance, adminToken: string): void {
  const expected = digest(adminToken);
  const failures = new FailureThrottle(ADMIN_FAILURE_BURST, ADMIN_FAILURE_REFILL_MS);
  scope.addHook('onRequest', async (request) => {
    const waitMs = failures.blockedFor(request.ip);
    if (waitMs > 0) {
      const retryAfter = Math.ceil(waitMs / 1000);
      throw new ApiError(
        'rate_limited',
        `Too many failed admin authentications from this address; retry in ${retryAfter} s`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (token.length === 0 || !timingSafeEqual(digest(token), expected)) {
      failures.fail(request.ip);
      throw new ApiError(
        'unauthenticated',
        'Send the admin token as Authorization: Bearer <token>',
        undefined,
        {
          'WWW-Authenticate': 'Bearer realm="quire-admin"',
        },
      );
    }
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
