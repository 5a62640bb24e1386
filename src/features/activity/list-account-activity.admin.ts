import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { ActivityItem } from './activity.schemas.js';
import { listActivity } from './activity-reads.service.js';

export function listAccountActivityAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/accounts/:account_id/activity',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListAccountActivity',
        tags: ['Accounts'],
        summary: "List an account's activity, newest first",
        description: 'The same list as `GET /v0/accounts/{accountId}/activity`, for any tenant.',
        params: Type.Object({ tenant: PathId, account_id: PathId }),
        querystring: Type.Object({
          includePersonActivity: FlagQuery("Also list the logs of the account's linked persons."),
          includeDeleted: FlagQuery('Also list deleted logs.'),
          cursor: CursorQuery,
          limit: LimitQuery,
        }),
        response: {
          200: PageOf(ActivityItem),
          ...problemResponses('not_found', 'account_not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { includeDeleted, includePersonActivity, cursor, limit } = request.query;
      const { tenantId } = request;
      return listActivity(app.db, tenantId, request.params.account_id, {
        includeDeleted: isFlagSet(includeDeleted),
        includePersonActivity: isFlagSet(includePersonActivity),
        cursor,
        limit,
      });
    },
  );
}
