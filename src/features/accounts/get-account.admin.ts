import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Account } from './accounts.schemas.js';
import { showAccount } from './accounts-reads.service.js';

export function getAccountAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/accounts/:account_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetAccount',
        tags: ['Accounts'],
        summary: 'Show an account',
        params: Type.Object({ tenant: PathId, account_id: PathId }),
        response: { 200: Account, ...problemResponses('not_found', 'account_not_found') },
      },
    },
    async (request) => showAccount(app.db, request.tenantId, request.params.account_id),
  );
}
