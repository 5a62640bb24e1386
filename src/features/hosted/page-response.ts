import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/schema.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { brandTheme } from '../brands/brand-theme.js';
import { loadPageBrand } from '../brands/brands.service.js';
import type { FormState } from './components/form-block.js';
import { type HostedView, hostedView } from './hosted-view.js';
import { blockAssetFiles, type Resolved, shownContent, shownMetadata, viewPage } from './load-page.js';
import type { PageCache } from './page-cache.js';
import { PAGE_HEADERS } from './page-headers.js';
import type { PageLane } from './page-lane.js';
import { NOT_FOUND_PAGE } from './render-page.js';
import type { ResolveCache } from './resolve-cache.js';

/**
 * Serving a public page, its click-through links and its beacon, shared by the /p/ routes and the
 * tenants' own hosts. `base` is the path the page lives under (`/p/{handle}/{slug}` or `/{slug}`),
 * `origin` the absolute origin its canonical URL uses.
 */
export interface HostedDeps {
  db: Db;
  config: Config;
  cache: PageCache;
  /** What each public URL shows, read once and kept (resolve-cache.ts). */
  resolves: ResolveCache;
  secret: string;
  /** The forms' own limits (docs/forms.md): per address and per form; null when off. */
  formLimits: { perAddress: RateLimiter | null; perForm: RateLimiter | null };
  /** The fast lane the route offers its cached answers to (page-lane.ts); null when off. */
  lane: PageLane | null;
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

export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string | Buffer; csp: string; etag?: string },
  status: number,
  cacheControl: string,
) {
  reply.code(status).headers(PAGE_HEADERS).header('content-security-policy', page.csp);
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

export function selfPath(address: PageAddress, routeKey: string | null): string {
  return routeKey === null ? address.base : `${address.base}/${encodeURIComponent(routeKey)}`;
}

/** The view of a resolved page at `path` (its own links hang off it), with the request's form state. */
export async function pageView(
  deps: HostedDeps,
  address: PageAddress,
  resolved: Found,
  path: string,
  form?: FormState,
): Promise<HostedView> {
  const brand = await loadPageBrand(deps.db, resolved.tenantId, resolved.page.brand_id);
  const images = await blockAssetFiles(deps.db, resolved.tenantId, resolved.page);
  return buildPageView(address, resolved, path, brand, images, form);
}

export type PageBrand = Awaited<ReturnType<typeof loadPageBrand>>;
export type PageImages = Awaited<ReturnType<typeof blockAssetFiles>>;

/** The view from what was loaded for it: no database, so a cached page builds it only on a miss. */
export function buildPageView(
  address: PageAddress,
  resolved: Found,
  path: string,
  brand: Awaited<ReturnType<typeof loadPageBrand>>,
  images: Awaited<ReturnType<typeof blockAssetFiles>>,
  form?: FormState,
): HostedView {
  const { page, audience } = resolved;
  return hostedView(viewPage(page), shownContent(resolved), shownMetadata(resolved), {
    pageUrl: `${address.origin}${address.base}`,
    selfPath: path,
    noindex: audience?.person_id != null,
    audience: audience !== null,
    preview: false,
    assetFiles: images,
    // No brand: the stylesheet's own defaults, tuned for every block's background.
    ...(brand === null ? {} : { brand: brandTheme(brand) }),
    ...(form === undefined ? {} : { form }),
  });
}

export type Found = Extract<Resolved, { found: true }>;
