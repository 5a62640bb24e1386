import type {
  AudiencesTable,
  AudienceVersionsTable,
  Executor,
  PageEventsTable,
  PagesTable,
} from '../../db/schema.js';
import { statement } from '../../db/statement.js';

/*
 * A public page is resolved on every view: four fixed statements (src/db/statement.ts), read at
 * once on SQLite's synchronous reader, each an index lookup, scoped after the handle by its tenant.
 */
const tenantByHandle = statement<{ id: string; handle: string }>(
  `select "id", "handle" from "tenants" where "handle" = $1`,
);
const pageBySlug = statement<PagesTable>(
  `select * from "pages" where "tenant_id" = $1 and "slug" = $2 and "deleted_at" is null`,
);
const audienceByRouteKey = statement<AudiencesTable>(
  `select * from "audiences" where "tenant_id" = $1 and "page_id" = $2 and "route_key" = $3 and "archived_at" is null`,
);
// `"status" || ''`: without statistics SQLite would otherwise walk the work-queue index
// (status, ...) over the published versions of every tenant instead of this audience's versions.
const publishedVersionOf = statement<AudienceVersionsTable>(
  `select * from "audience_versions" where "tenant_id" = $1 and "audience_id" = $2 and "status" || '' = 'published'`,
);

export function findTenantOfHandle(db: Executor, handle: string) {
  return tenantByHandle.firstNow(db, [handle]);
}

/** A live (not deleted) page of the tenant by its slug. */
export function findLivePageBySlug(db: Executor, tenantId: string, slug: string) {
  return pageBySlug.firstNow(db, [tenantId, slug]);
}

/** A live (not archived) audience of a page by its public route key. */
export function findAudienceByRouteKey(db: Executor, tenantId: string, pageId: string, routeKey: string) {
  return audienceByRouteKey.firstNow(db, [tenantId, pageId, routeKey]);
}

/** The audience's published version, if any. */
export function findPublishedVersion(db: Executor, tenantId: string, audienceId: string) {
  return publishedVersionOf.firstNow(db, [tenantId, audienceId]);
}

/** The images of the assets a page's sections name (trashed and deleted ones are not shown). */
export async function findActiveAssets(db: Executor, tenantId: string, assetIds: readonly string[]) {
  if (assetIds.length === 0) return [];
  return db
    .selectFrom('assets')
    .select(['id', 'file_id', 'name', 'ai_description'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', assetIds)
    .where('lifecycle_state', '=', 'active')
    .execute();
}

export async function insertPageEvent(db: Executor, row: PageEventsTable): Promise<void> {
  await db.insertInto('page_events').values(row).execute();
}

/**
 * Whether this visitor's view of the audience, or click of this action of it, was recorded since
 * `since`: views and clicks count once a window (the 30-minute window).
 */
export async function hasRecentEvent(
  db: Executor,
  tenantId: string,
  audienceId: string,
  visitorHash: string,
  event: { kind: 'view' } | { kind: 'click'; actionId: string },
  since: number,
): Promise<boolean> {
  let query = db
    .selectFrom('page_events')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('visitor_hash', '=', visitorHash)
    .where('kind', '=', event.kind);
  if (event.kind === 'click') query = query.where('action_id', '=', event.actionId);
  const row = await query.where('created_at', '>=', since).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * A page's events, counted (events and distinct visitors) per the groups the caller adds, on the
 * index page_events_page (tenant_id, page_id, audience_id, ...).
 */
function pageEventCounts(db: Executor, tenantId: string, pageId: string) {
  return db
    .selectFrom('page_events')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('events'),
      eb.fn.count<number | string>('visitor_hash').distinct().as('visitors'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId);
}

/** Views, unique visitors and clicks of a page, per audience ('' = the page itself) and version. */
export async function countPageEvents(db: Executor, tenantId: string, pageId: string) {
  const groups = ['audience_id', 'version_id', 'kind'] as const;
  return pageEventCounts(db, tenantId, pageId).select(groups).groupBy(groups).execute();
}

/**
 * A page's events per audience, every version together: a visitor who saw two versions of an
 * audience counts once here (distinct over the audience), which adding the per-version rows up
 * cannot tell.
 */
export async function countAudienceEvents(db: Executor, tenantId: string, pageId: string) {
  const groups = ['audience_id', 'kind'] as const;
  return pageEventCounts(db, tenantId, pageId).select(groups).groupBy(groups).execute();
}

/**
 * Views and clicks of some audiences of a page: per audience and kind, the events, distinct
 * visitors and the latest.
 */
export async function countEventsOfAudiences(
  db: Executor,
  tenantId: string,
  pageId: string,
  audienceIds: readonly string[],
) {
  if (audienceIds.length === 0) return [];
  const groups = ['audience_id', 'kind'] as const;
  return pageEventCounts(db, tenantId, pageId)
    .select((eb) => [...groups, eb.fn.max<number | string>('created_at').as('last_at')])
    .where('audience_id', 'in', audienceIds)
    .groupBy(groups)
    .execute();
}
