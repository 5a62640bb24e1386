import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The absolute URLs of hosted pages, and signed preview links: `…/p/{handle}/_preview/{versionId}
 * ?expires={epoch s}&signature={HMAC-SHA256}`. The signature binds the tenant, the version and the
 * expiry, so a link opens that one version of that tenant until it expires, and nothing else.
 */
export interface PublicLinks {
  /** PUBLIC_BASE_URL, without a trailing slash. */
  baseUrl: string;
  secret: string;
  previewTtlSeconds: number;
  /** No link is made, or honoured, for longer than this (PREVIEW_LINK_MAX_TTL_SECONDS). */
  previewMaxTtlSeconds: number;
}

export function linksOf(config: {
  publicBaseUrl: string;
  hostedPagesSecret: string;
  previewLinkTtlSeconds: number;
  previewLinkMaxTtlSeconds: number;
}): PublicLinks {
  return {
    baseUrl: config.publicBaseUrl,
    secret: config.hostedPagesSecret,
    previewTtlSeconds: config.previewLinkTtlSeconds,
    previewMaxTtlSeconds: config.previewLinkMaxTtlSeconds,
  };
}

export function pagePath(handle: string, slug: string, routeKey: string | null = null): string {
  const page = `/p/${encodeURIComponent(handle)}/${encodeURIComponent(slug)}`;
  return routeKey === null ? page : `${page}/${encodeURIComponent(routeKey)}`;
}

function signature(secret: string, tenantId: string, versionId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`preview\n${tenantId}\n${versionId}\n${expires}`)
    .digest('base64url');
}

export function previewUrl(
  links: PublicLinks,
  tenantId: string,
  handle: string,
  versionId: string,
  now = Date.now(),
  ttlSeconds = links.previewTtlSeconds,
): string {
  if (ttlSeconds > links.previewMaxTtlSeconds) throw new RangeError('preview link lifetime past the maximum');
  // Rounded up to the hour: every response within the hour shows the same link (caches, diffs).
  const expires = Math.floor((Math.ceil(now / HOUR) * HOUR) / 1000) + ttlSeconds;
  const sig = signature(links.secret, tenantId, versionId, expires);
  return `${links.baseUrl}/p/${encodeURIComponent(handle)}/_preview/${encodeURIComponent(versionId)}?expires=${expires}&signature=${sig}`;
}

const HOUR = 3_600_000;

/**
 * True when the signature is this server's for this tenant, version and expiry, and it has not
 * expired; an expiry further away than the maximum lifetime (and the hour links are rounded up to)
 * is not honoured either: a link made before the maximum was lowered, or with a leaked secret.
 */
export function verifyPreview(
  secret: string,
  tenantId: string,
  versionId: string,
  expires: string | undefined,
  given: string | undefined,
  maxTtlSeconds: number,
  now = Date.now(),
): boolean {
  if (expires === undefined || given === undefined || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now) return false;
  if (Number(expires) * 1000 > now + maxTtlSeconds * 1000 + HOUR) return false;
  const expected = Buffer.from(signature(secret, tenantId, versionId, Number(expires)));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
