import type { FastifyReply, FastifyRequest } from 'fastify';
import { pagePath, verifyPreview } from '../../domain/public-links.js';
import { findAudienceById } from '../audiences/audiences.repository.js';
import { findVersion } from '../audiences/versions.repository.js';
import { brandTheme } from '../brands/brand-theme.js';
import { loadPageBrand } from '../brands/brands.service.js';
import { findPage } from '../pages/pages.repository.js';
import { findTenantByHandle } from '../tenants/tenants.repository.js';
import { hostedView } from './hosted-view.js';
import { blockAssetFiles, contentOf, metadataOf, viewPage } from './load-page.js';
import { renderHostedPage } from './render-page.js';
import { type HostedDeps, sendHtml, sendNotFound } from './serve-page.js';

/**
 * A signed preview of any version with content (draft, published, archived), whatever the page's
 * status: noindex, never cached, no beacon and no page scripts; framed only by this origin (the
 * console's live preview). A wrong, tampered or expired
 * signature, or a version of another tenant, is the same HTML 404 as an unknown page.
 */
export async function servePreview(
  deps: HostedDeps,
  handle: string,
  versionId: string,
  query: { expires?: string; signature?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const tenant = await findTenantByHandle(deps.db, handle);
  if (
    tenant === undefined ||
    !verifyPreview(
      deps.secret,
      tenant.id,
      versionId,
      query.expires,
      query.signature,
      deps.config.previewLinkMaxTtlSeconds,
    )
  ) {
    return sendNotFound(request, reply);
  }
  const version = await findVersion(deps.db, tenant.id, versionId);
  if (version === undefined || version.content === null) return sendNotFound(request, reply);
  const audience = await findAudienceById(deps.db, tenant.id, version.audience_id);
  const page = audience === undefined ? undefined : await findPage(deps.db, tenant.id, audience.page_id);
  if (audience === undefined || page === undefined || page.deleted_at !== null)
    return sendNotFound(request, reply);
  const images = await blockAssetFiles(deps.db, tenant.id, page);
  const pageBrand = await loadPageBrand(deps.db, tenant.id, page.brand_id);
  const rendered = renderHostedPage(
    hostedView(viewPage(page), contentOf(page, audience, version), metadataOf(page, audience), {
      pageUrl: `${deps.config.publicBaseUrl}${pagePath(handle, page.slug ?? '')}`,
      selfPath: pagePath(handle, page.slug ?? '', audience.route_key),
      noindex: true,
      audience: true,
      preview: true,
      assetFiles: images,
      ...(pageBrand === null ? {} : { brand: brandTheme(pageBrand) }),
    }),
    true,
  );
  reply.header('x-robots-tag', 'noindex, nofollow');
  // The console frames previews from this same origin; nothing else may (its CSP says the same).
  reply.header('x-frame-options', 'SAMEORIGIN');
  return sendHtml(request, reply, rendered, 200, 'private, no-store');
}
