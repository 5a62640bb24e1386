import type { AudiencesTable, AudienceVersionsTable, Executor, PagesTable } from '../../db/schema.js';
import { type AudienceContent, defaultContent } from '../../domain/audience-content.js';
import { contentAudienceOf } from '../audiences/audiences.schemas.js';
import { contentPageOf, pageActions, pageBody, pageMetadata } from '../pages/pages.schemas.js';
import { blockAssetIds } from './block-images.js';
import {
  findActiveAssets,
  findAudienceByRouteKey,
  findLivePageBySlug,
  findPublishedVersion,
  findTenantOfHandle,
} from './hosted.repository.js';
import type { ViewPage } from './hosted-view.js';

/**
 * Resolves a public URL to what it shows. A tenant, page or route key of another tenant is never
 * found: every lookup after the handle is scoped by the handle's tenant.
 */
export type Resolved =
  | { found: false }
  | {
      found: true;
      tenantId: string;
      handle: string;
      page: PagesTable;
      audience: AudiencesTable | null;
      version: AudienceVersionsTable | null;
      /** Why the page itself is shown for a route key (the `Quire-Page-Fallback` header), else null. */
      fallback: 'unknown-route-key' | 'no-published-version' | null;
      /**
       * An experiment's `generic` arm (docs/experiments.md): the audience's URL shows the page's own
       * content, without the audience's version or overrides; the audience still owns the visit.
       */
      generic?: true;
    };

export async function resolvePage(
  db: Executor,
  handle: string,
  slug: string,
  routeKey: string | null,
): Promise<Resolved> {
  const tenant = await findTenantOfHandle(db, handle);
  if (tenant === undefined) return { found: false };
  const page = await findLivePageBySlug(db, tenant.id, slug);
  // Only a published, live page is public: drafts, archived and deleted pages are a 404.
  if (page === undefined || page.status !== 'published' || page.archived_at !== null) return { found: false };
  const base = { found: true as const, tenantId: tenant.id, handle, page };
  if (routeKey === null) return { ...base, audience: null, version: null, fallback: null };
  const audience = await findAudienceByRouteKey(db, tenant.id, page.id, routeKey);
  if (audience === undefined)
    return { ...base, audience: null, version: null, fallback: 'unknown-route-key' };
  const version = await findPublishedVersion(db, tenant.id, audience.id);
  if (version === undefined || version.content === null) {
    return { ...base, audience: null, version: null, fallback: 'no-published-version' };
  }
  return { ...base, audience, version, fallback: null };
}

/** The page row as the view needs it. */
export function viewPage(page: PagesTable): ViewPage {
  return {
    title: page.title,
    actions: pageActions(page),
    headerActionId: page.header_action_id,
    actionCardWidgets: JSON.parse(page.action_card_widgets),
    scripts: JSON.parse(page.scripts),
    footerLinks: JSON.parse(page.footer_links),
    metadata: pageMetadata(page) as ViewPage['metadata'],
    body: pageBody(page),
    indexable: page.indexable === 1,
  };
}

/** The content shown: the version's, else the page's own defaults (no audience overrides). */
export function contentOf(
  page: PagesTable,
  audience: AudiencesTable | null,
  version: AudienceVersionsTable | null,
) {
  if (version?.content) return JSON.parse(version.content) as AudienceContent;
  // The page itself: its own defaults with the audience's action URL and metadata, never its notes.
  const overrides = audience === null ? null : contentAudienceOf(audience);
  return defaultContent(contentPageOf(page), {
    supplementaryContext: null,
    actionUrlOverride: overrides?.actionUrlOverride ?? null,
    metadataOverride: overrides?.metadataOverride ?? null,
  });
}

/** What a resolved visit shows: the page's own content for an experiment's generic arm. */
export function shownContent(resolved: Extract<Resolved, { found: true }>) {
  return resolved.generic
    ? contentOf(resolved.page, null, null)
    : contentOf(resolved.page, resolved.audience, resolved.version);
}

export function shownMetadata(resolved: Extract<Resolved, { found: true }>) {
  return metadataOf(resolved.page, resolved.generic ? null : resolved.audience);
}

/** Page metadata with the audience's override on top (Open Graph, Twitter, canonical, theme colour). */
export function metadataOf(page: PagesTable, audience: AudiencesTable | null): ViewPage['metadata'] {
  const own = pageMetadata(page) ?? {};
  const override = audience?.metadata_override ? JSON.parse(audience.metadata_override) : {};
  return { ...own, ...override };
}

/** The files of the assets the page's blocks show, by asset id (trashed and deleted ones are left out). */
export async function blockAssetFiles(db: Executor, tenantId: string, page: PagesTable) {
  const ids = blockAssetIds(pageBody(page)?.blocks ?? []);
  const files = new Map<string, { fileId: string; alt: string }>();
  for (const asset of await findActiveAssets(db, tenantId, ids)) {
    files.set(asset.id, { fileId: asset.file_id, alt: asset.ai_description ?? asset.name });
  }
  return files;
}
