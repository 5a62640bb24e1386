import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { Config } from '../../config.js';
import type { Db } from '../../db/schema.js';
import { brandTheme } from '../brands/brand-theme.js';
import { loadPageBrand } from '../brands/brands.service.js';
import { type EngagementEvent, recordClick, recordView } from './engagement.service.js';
import { actionTarget, hostedView } from './hosted-view.js';
import { blockAssetFiles, contentOf, metadataOf, type Resolved, resolvePage, viewPage } from './load-page.js';
import type { PageCache } from './page-cache.js';
import { NOT_FOUND_PAGE, type RenderedPage, renderHostedPage } from './render-page.js';
import { visitorHash } from './visitor-hash.js';

/**
 * Serving a public page, its click-through links and its beacon, shared by the /p/ routes and the
 * tenants' own hosts. `base` is the path the page lives under (`/p/{handle}/{slug}` or `/{slug}`),
 * `origin` the absolute origin its canonical URL uses.
 */
export interface HostedDeps {
  db: Db;
  config: Config;
  cache: PageCache;
  secret: string;
}

export interface PageAddress {
  handle: string;
  slug: string;
  routeKey: string | null;
  /** `/p/{handle}/{slug}` or, on a mapped host, `/{slug}`. */
  base: string;
  origin: string;
}

/**
 * A CDN may keep a page a minute (a publish shows within 60 s); browsers revalidate with the ETag.
 * Person pages are cacheable by path because their route key is the secret, not a cookie.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, must-revalidate';

const BASE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Same-site navigations (the click-through links) keep the page's query, for UTM parameters.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'cross-origin',
};

export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage & { etag?: string },
  status: number,
  cacheControl: string,
) {
  reply.code(status).headers(BASE_HEADERS).header('content-security-policy', page.csp);
  reply.header('cache-control', cacheControl);
  if (page.etag !== undefined) {
    reply.header('etag', page.etag);
    if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  }
  return reply.send(page.html);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendHtml(request, reply, NOT_FOUND_PAGE, 404, 'no-store');
}

function selfPath(address: PageAddress, routeKey: string | null): string {
  return routeKey === null ? address.base : `${address.base}/${encodeURIComponent(routeKey)}`;
}

export async function servePage(
  deps: HostedDeps,
  address: PageAddress,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const resolved = await resolvePage(deps.db, address.handle, address.slug, address.routeKey);
  if (!resolved.found) return sendNotFound(request, reply);
  const { page, audience, version } = resolved;
  const shownKey = audience === null ? null : address.routeKey;
  const path = selfPath(address, shownKey);
  // The page's brand restyles every block; its edit time is part of the key, so a changed brand
  // is rendered anew.
  const brand = await loadPageBrand(deps.db, resolved.tenantId, page.brand_id);
  const key = [
    resolved.tenantId,
    page.id,
    page.updated_at,
    brand?.updatedAt,
    audience?.id,
    audience?.updated_at,
    version?.id,
    address.origin,
    path,
  ].join('|');
  const images = await blockAssetFiles(deps.db, resolved.tenantId, page);
  const rendered = deps.cache.get(key, () =>
    renderHostedPage(
      hostedView(viewPage(page), contentOf(page, audience, version), metadataOf(page, audience), {
        pageUrl: `${address.origin}${address.base}`,
        selfPath: path,
        noindex: audience?.person_id != null,
        audience: audience !== null,
        preview: false,
        assetFiles: images,
        // No brand: the stylesheet's own defaults, tuned for every block's background.
        ...(brand === null ? {} : { brand: brandTheme(brand) }),
      }),
    ),
  );
  if (resolved.fallback !== null) reply.header('quire-page-fallback', resolved.fallback);
  return sendHtml(request, reply, rendered, 200, PAGE_CACHE_CONTROL);
}

/** Bots, and visitors whose browser asks not to be tracked (DNT, Global Privacy Control), are not counted. */
export function isCountable(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  if (agent === undefined || agent === '' || isbot(agent)) return false;
  return request.headers.dnt !== '1' && request.headers['sec-gpc'] !== '1';
}

function engagementEvent(
  deps: HostedDeps,
  resolved: Extract<Resolved, { found: true }>,
  request: FastifyRequest,
  referrer: string | null,
  query: string | null,
): EngagementEvent {
  return {
    tenantId: resolved.tenantId,
    pageId: resolved.page.id,
    pageSlug: resolved.page.slug ?? '',
    audience:
      resolved.audience === null ? null : { id: resolved.audience.id, personId: resolved.audience.person_id },
    versionId: resolved.version?.id ?? null,
    visitorHash: visitorHash(
      deps.secret,
      resolved.tenantId,
      request.ip,
      request.headers['user-agent'] ?? '',
      Date.now(),
    ),
    referrer,
    query,
  };
}

/** A button's click-through: records the click, then 302 to the button's own URL (never a URL from the request). */
export async function followAction(
  deps: HostedDeps,
  address: PageAddress,
  actionId: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const resolved = await resolvePage(deps.db, address.handle, address.slug, address.routeKey);
  if (!resolved.found) return sendNotFound(request, reply);
  const target = actionTarget(
    viewPage(resolved.page),
    contentOf(resolved.page, resolved.audience, resolved.version),
    actionId,
  );
  if (target === null) return sendNotFound(request, reply);
  if (isCountable(request)) {
    // The page's URL (with its UTM query) arrives as the Referer of a same-site click.
    const from = request.headers.referer ?? null;
    let query: string | null = null;
    let external: string | null = from;
    try {
      const url = from === null ? null : new URL(from);
      if (url !== null && url.origin === address.origin) {
        query = url.search;
        external = null;
      }
    } catch {
      external = null;
    }
    try {
      await recordClick(deps.db, engagementEvent(deps, resolved, request, external, query), actionId);
    } catch (error) {
      // A visitor is never kept from the target because counting failed.
      request.log.warn({ err: error }, 'recording a hosted page click failed');
    }
  }
  // A redirect to a page's own action, not the Location of a created resource (test/http/locations.test.ts).
  return reply.header('cache-control', 'no-store').redirect(target, 302);
}

/** The beacon's view: 204 whether or not it counted (deduplicated, bot, DNT), so it reveals nothing. */
export async function beaconView(
  deps: HostedDeps,
  address: PageAddress,
  body: { referrer?: string; query?: string } | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const resolved = await resolvePage(deps.db, address.handle, address.slug, address.routeKey);
  if (resolved.found && isCountable(request)) {
    await recordView(
      deps.db,
      engagementEvent(deps, resolved, request, body?.referrer ?? null, body?.query ?? null),
    );
  }
  // The sandboxed page (an opaque origin) sends it: an empty answer it may receive without an error.
  return reply
    .code(204)
    .header('cache-control', 'no-store')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send();
}
