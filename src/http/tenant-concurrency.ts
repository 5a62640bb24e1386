import { ApiError } from '../errors.js';
import type { App } from './app-types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A response that stays open (the event stream): it does no work while open, so it does not
     * hold one of the tenant's concurrent requests; it has a bound of its own.
     */
    longLived?: boolean;
  }
}

/**
 * At most TENANT_CONCURRENCY requests of one tenant are worked on at once; one more is a 429
 * `rate_limited` with `Retry-After: 1`. The rate limit bounds how many requests a tenant sends per
 * second, not how much work they cost: a tenant sending costly requests (searches matching
 * thousands of assets, long conversations) within its rate could otherwise occupy the whole
 * process. Counted in this process (each node has its own bound). Register it after the key check.
 */
export function registerTenantConcurrency(scope: App, limit: number): void {
  if (limit <= 0) return;
  const inFlight = new Map<string, number>();
  // A callback hook, so the check costs no promise per request.
  scope.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.longLived === true) return done();
    const tenant = request.tenantId;
    const running = inFlight.get(tenant) ?? 0;
    if (running >= limit) {
      return done(
        new ApiError(
          'rate_limited',
          `More than ${limit} requests of this tenant at once; retry in 1 s`,
          undefined,
          {
            'Retry-After': '1',
          },
        ),
      );
    }
    inFlight.set(tenant, running + 1);
    // 'close' comes once per response: after it is sent, or when the client went away before
    // (Fastify's onResponse does not run then).
    reply.raw.once('close', () => {
      const left = (inFlight.get(tenant) ?? 1) - 1;
      if (left <= 0) inFlight.delete(tenant);
      else inFlight.set(tenant, left);
    });
    done();
  });
}
