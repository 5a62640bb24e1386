import type { Executor, PageEventsTable } from '../../db/schema.js';

/** A live (not archived) audience of a page by its public route key. */
export async function findAudienceByRouteKey(
  db: Executor,
  tenantId: string,
  pageId: string,
  routeKey: string,
) {
  return db
    .selectFrom('audiences')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('route_key', '=', routeKey)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
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

/** True when this visitor's view of the audience was recorded since `since` (the 30-minute window). */
export async function hasRecentView(
  db: Executor,
  tenantId: string,
  audienceId: string,
  visitorHash: string,
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('page_events')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('visitor_hash', '=', visitorHash)
    .where('kind', '=', 'view')
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Views, unique visitors and clicks of a page, per audience ('' = the page itself) and version. */
export async function countPageEvents(db: Executor, tenantId: string, pageId: string) {
  return db
    .selectFrom('page_events')
    .select((eb) => [
      'audience_id',
      'version_id',
      'kind',
      eb.fn.countAll<number | string>().as('events'),
      eb.fn.count<number | string>('visitor_hash').distinct().as('visitors'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .groupBy(['audience_id', 'version_id', 'kind'])
    .execute();
}
