import type { FastifyReply, FastifyRequest } from 'fastify';
import { enforceRateLimit, type RateLimiter } from '../../http/rate-limit.js';
import { findTenantByHost } from '../tenants/tenants.repository.js';
import { normalizeHost } from '../tenants/tenants.service.js';
import { beaconFields } from './beacon-body.js';
import {
  beaconView,
  followAction,
  type HostedDeps,
  type PageAddress,
  sendNotFound,
  servePage,
} from './serve-page.js';

/**
 * A tenant's own host (`pages.acme.com`, mapped with `quire tenants add-host`): its paths are
 * `/{pageSlug}[/{routeKey}]`, `/.../go/{actionId}` and `POST /.../view`. These requests match no
 * route, so they arrive through the not-found handler; a host nobody mapped gets the usual 404.
 * Lookups are remembered for 30 s (a new mapping works within that on every node).
 */
const HOST_TTL_MS = 30_000;
const MAX_HOSTS = 10_000;

export function mappedHostHandler(deps: HostedDeps, limiter: RateLimiter | null) {
  const known = new Map<string, { handle: string | null; until: number }>();
  const handleOf = async (host: string): Promise<string | null> => {
    const hit = known.get(host);
    if (hit !== undefined && hit.until > Date.now()) return hit.handle;
    const tenant = await findTenantByHost(deps.db, host);
    if (known.size >= MAX_HOSTS) known.clear();
    const handle = tenant?.handle ?? null;
    known.set(host, { handle, until: Date.now() + HOST_TTL_MS });
    return handle;
  };
  const ownHost = new URL(deps.config.publicBaseUrl).hostname;

  /** Serves the request when its host is mapped and answers true; false leaves it to the 404. */
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const host = normalizeHost(request.headers.host ?? '');
    if (host === '' || host === ownHost || !['GET', 'HEAD', 'POST'].includes(request.method)) return false;
    const handle = await handleOf(host);
    if (handle === null) return false;
    if (limiter !== null) await enforceRateLimit(limiter, `hosted:${request.ip}`, reply);
    const segments = request.url.split('?')[0]!.split('/').slice(1).map(decodeSegment);
    if (segments.some((s) => s === null || s === '')) {
      await sendNotFound(request, reply);
      return true;
    }
    const parts = segments as string[];
    const address = (routeKey: string | null): PageAddress => ({
      handle,
      slug: parts[0]!,
      routeKey,
      base: `/${encodeURIComponent(parts[0]!)}`,
      origin: `${request.protocol}://${host}`,
    });
    const beacon = beaconFields(request.body);
    const [, second, third, fourth] = parts;
    if (request.method === 'POST') {
      if (parts.length === 2 && second === 'view')
        await beaconView(deps, address(null), beacon, request, reply);
      else if (parts.length === 3 && third === 'view')
        await beaconView(deps, address(second!), beacon, request, reply);
      else await sendNotFound(request, reply);
      return true;
    }
    if (parts.length === 1) await servePage(deps, address(null), request, reply);
    else if (parts.length === 2) await servePage(deps, address(second!), request, reply);
    else if (parts.length === 3 && second === 'go')
      await followAction(deps, address(null), third!, request, reply);
    else if (parts.length === 4 && third === 'go')
      await followAction(deps, address(second!), fourth!, request, reply);
    else await sendNotFound(request, reply);
    return true;
  };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
