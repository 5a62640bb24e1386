import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { SEARCH_DESCRIPTION, SearchQuery } from '../../http/windowed-search.schemas.js';
import { Account } from './accounts.schemas.js';
import { listAccounts, searchAccountList } from './accounts-reads.service.js';

export function listAccountsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/accounts',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListAccounts',
        tags: ['Accounts'],
        summary: "List a tenant's accounts, newest first, with their counts",
        description:
          'Each account with `linkedPersonsCount` and `latestActivityAt`; `includeEmptyOnly` lists only accounts without persons. `totalCount` is null with `q`. ' +
          SEARCH_DESCRIPTION,
        params: Type.Object({ tenant: PathId }),
        querystring: Type.Object({
          includeEmptyOnly: FlagQuery('Only accounts without linked persons.'),
          q: SearchQuery('Only accounts whose name or domain contains this (any case).'),
          cursor: CursorQuery,
          limit: LimitQuery,
        }),
        response: {
          200: PageOf(Account, { nullableTotal: true }),
          ...problemResponses('not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { includeEmptyOnly, q, cursor, limit } = request.query;
      const { tenantId } = request;
      const page = { emptyOnly: isFlagSet(includeEmptyOnly), cursor, limit };
      const search = q?.trim();
      return search
        ? searchAccountList(app.db, tenantId, search, page)
        : listAccounts(app.db, tenantId, page);
    },
  );
}
