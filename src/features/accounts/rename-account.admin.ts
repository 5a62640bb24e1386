import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { Account, RenameAccountBody, toAccount } from './accounts.schemas.js';
import { renameAccount } from './rename-account.service.js';

/** PATCH /tenants/{tenant}/accounts/{accountId}: rename an account. */
export function renameAccountAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/accounts/:account_id',
    {
      config: { policy: { access: 'editor', action: 'account.rename' } },
      schema: {
        operationId: 'adminRenameAccount',
        tags: ['Accounts'],
        summary: 'Rename an account',
        params: Type.Object({ tenant: PathId, account_id: PathId }),
        body: RenameAccountBody,
        response: { 200: Account },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toAccount(await renameAccount(app.db, tenantId, request.params.account_id, request.body.name));
    },
  );
}
