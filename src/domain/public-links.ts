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
}

export function linksOf(config: {
  publicBaseUrl: string;
  hostedPagesSecret: string;
  previewLinkTtlSeconds: number;
}): PublicLinks {
  return {
    baseUrl: config.publicBaseUrl,
    secret: config.hostedPagesSecret,
    previewTtlSeconds: config.previewLinkTtlSeconds,
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
): string {
  // Rounded up to the hour: every response within the hour shows the same link (caches, diffs).
  const hour = 3_600_000;
  const expires = Math.floor((Math.ceil(now / hour) * hour) / 1000) + links.previewTtlSeconds;
  const sig = signature(links.secret, tenantId, versionId, expires);
  return `${links.baseUrl}/p/${encodeURIComponent(handle)}/_preview/${encodeURIComponent(versionId)}?expires=${expires}&signature=${sig}`;
}

/** True when the signature is this server's for this tenant, version and expiry, and it has not expired. */
export function verifyPreview(
  secret: string,
  tenantId: string,
  versionId: string,
  expires: string | undefined,
  given: string | undefined,
  now = Date.now(),
): boolean {
  if (expires === undefined || given === undefined || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now) return false;
  const expected = Buffer.from(signature(secret, tenantId, versionId, Number(expires)));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
