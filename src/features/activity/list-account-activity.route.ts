import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, decodeCursor, LimitQuery, PageOf, pageSize, toPage } from '../../http/pagination.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { accountActivity } from './account-activity.js';
import { ActivityItem, toActivityItem } from './activity.schemas.js';

const SORT_KEY = ['number', 'string'] as const; // created_at desc, id desc

export function listAccountActivityRoute(app: App): void {
  app.get(
    '/v0/accounts/:account_id/activity',
    {
      config: { scope: 'persons:read' },
      schema: {
        operationId: 'listAccountActivity',
        tags: ['Accounts'],
        summary: 'List the activity of an account, newest first',
        description:
          "The account's logs, newest first; with `includePersonActivity` also its linked persons' logs (then " +
          '`personId`, `personLogId`, `personName` are set and `accountLogId` is null). Deleted logs only with ' +
          '`includeDeleted`. `totalCount` is exact.',
        params: Type.Object({ account_id: PathId }),
        querystring: Type.Object({
          cursor: CursorQuery,
          includePersonActivity: FlagQuery("Also list the logs of the account's linked persons."),
          includeDeleted: FlagQuery('Also list deleted logs.'),
          limit: LimitQuery,
        }),
        response: { 200: PageOf(ActivityItem), ...problemResponses('account_not_found', 'invalid_cursor') },
      },
    },
    async (request) => {
      const accountId = request.params.account_id;
      const includeDeleted = isFlagSet(request.query.includeDeleted);
      const includePersonActivity = isFlagSet(request.query.includePersonActivity);
      // The cursor is bound to the account and both flags: reusing it elsewhere is a 400.
      const filters = { accountId, includeDeleted, includePersonActivity };
      const after = decodeCursor(request.query.cursor, SORT_KEY, filters);
      const limit = pageSize(request.query.limit);
      const { rows, totalCount } = await accountActivity(app.db, request.tenantId, accountId, {
        includeDeleted,
        includePersonActivity,
        after,
        fetch: limit + 1,
      });
      return toPage(rows, limit, {
        keyOf: (row) => [row.created_at, row.id],
        filters,
        totalCount,
        map: toActivityItem,
      });
    },
  );
}
