import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { ActivityItem } from './accounts.schemas.js';
import { listActivity } from './accounts-reads.service.js';

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
    async (request) =>
      listActivity(app.db, request.tenantId, request.params.account_id, {
        cursor: request.query.cursor,
        limit: request.query.limit,
        includeDeleted: isFlagSet(request.query.includeDeleted),
        includePersonActivity: isFlagSet(request.query.includePersonActivity),
      }),
  );
}
