import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery, isFlagSet } from '../../http/query-flags.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { Account } from './accounts.schemas.js';
import { listAccounts } from './accounts-reads.service.js';

export function listAccountsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/accounts',
    {
      schema: {
        operationId: 'adminListAccounts',
        tags: ['Accounts'],
        summary: "List a tenant's accounts, newest first, with their counts",
        description:
          'Each account with `linkedPersonsCount` and `latestActivityAt`; `includeEmptyOnly` lists only accounts without persons.',
        params: Type.Object({ tenant: PathId }),
        querystring: Type.Object({
          includeEmptyOnly: FlagQuery('Only accounts without linked persons.'),
          cursor: CursorQuery,
          limit: LimitQuery,
        }),
        response: { 200: PageOf(Account), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => {
      const { includeEmptyOnly, cursor, limit } = request.query;
      return listAccounts(app.db, await requireTenant(app.db, request.params.tenant), {
        emptyOnly: isFlagSet(includeEmptyOnly),
        cursor,
        limit,
      });
    },
  );
}
