import type { Db } from '../../db/schema.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { accountActivity } from './account-activity.js';
import { toActivityItem } from './activity.schemas.js';

type ActivityItem = ReturnType<typeof toActivityItem>;

/**
 * Operator reads of an account's activity: `GET /admin/v0/tenants/{tenant}/accounts/{id}/activity`
 * and `quire accounts activity`.
 */
/** An account's logs (and its persons' logs with includePersonActivity), newest first. */
export async function listActivity(
  db: Db,
  tenantId: string,
  accountId: string,
  request: PageRequest & { includeDeleted?: boolean; includePersonActivity?: boolean },
): Promise<Page<ActivityItem>> {
  const includeDeleted = request.includeDeleted ?? false;
  const includePersonActivity = request.includePersonActivity ?? false;
  let totalCount = 0;
  const page = await keysetPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: { accountId, includeDeleted, includePersonActivity },
    fetch: async (after, size) => {
      const result = await accountActivity(db, tenantId, accountId, {
        includeDeleted,
        includePersonActivity,
        after,
        fetch: size,
      });
      totalCount = result.totalCount;
      return result.rows;
    },
    count: async () => 0, // accountActivity counts from its counters as it reads
    keyOf: (row) => [row.created_at, row.id],
    map: toActivityItem,
  });
  return { ...page, totalCount };
}
