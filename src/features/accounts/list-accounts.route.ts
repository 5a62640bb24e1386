import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { Account } from './accounts.schemas.js';
import { listAccounts } from './accounts-reads.service.js';

export function listAccountsRoute(app: App): void {
  app.get(
    '/v0/accounts',
    {
      config: { scope: 'persons:read' },
      schema: {
        operationId: 'listAccounts',
        tags: ['Accounts'],
        summary: 'List accounts, newest first',
        description:
          'Accounts (companies, one per domain), newest first. `includeEmptyOnly` lists only accounts without linked ' +
          'persons. `latestActivityAt` is the newest `createdAt` of the live logs of the account and of its persons, ' +
          "never earlier than the account's own `createdAt`. `totalCount` is exact.",
        querystring: Type.Object({
          cursor: CursorQuery,
          includeEmptyOnly: FlagQuery('Only accounts without linked persons.'),
          limit: LimitQuery,
        }),
        response: { 200: PageOf(Account), ...problemResponses('invalid_cursor') },
      },
    },
    async (request) =>
      listAccounts(app.db, request.tenantId, {
        cursor: request.query.cursor,
        limit: request.query.limit,
        emptyOnly: isFlagSet(request.query.includeEmptyOnly),
      }),
  );
}
