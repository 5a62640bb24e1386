import { Type } from 'typebox';
import { readCounter } from '../../db/counters.repository.js';
import type { App } from '../../http/app-types.js';
import { CursorQuery, decodeCursor, LimitQuery, PageOf, pageSize, toPage } from '../../http/pagination.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { listAccounts } from './accounts.repository.js';
import { Account, toAccount } from './accounts.schemas.js';
import { ACCOUNTS_COUNTER, EMPTY_ACCOUNTS_COUNTER } from './accounts.service.js';

const SORT_KEY = ['number', 'string'] as const; // created_at desc, id desc

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
    async (request) => {
      const emptyOnly = isFlagSet(request.query.includeEmptyOnly);
      const filters = { emptyOnly };
      const after = decodeCursor(request.query.cursor, SORT_KEY, filters);
      const limit = pageSize(request.query.limit);
      const [rows, totalCount] = await Promise.all([
        listAccounts(app.db, request.tenantId, { emptyOnly, after, limit: limit + 1 }),
        readCounter(app.db, request.tenantId, emptyOnly ? EMPTY_ACCOUNTS_COUNTER : ACCOUNTS_COUNTER),
      ]);
      return toPage(rows, limit, {
        keyOf: (row) => [row.created_at, row.id],
        filters,
        totalCount,
        map: toAccount,
      });
    },
  );
}
