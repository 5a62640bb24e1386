import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { isFlagSet } from '../../http/query-flags.js';
import { DeletionCounts, DryRunQuery } from '../tenants/deletion.schemas.js';
import { deleteAccount } from './delete-account.service.js';

const AccountDeletion = Type.Object(
  { accountId: Type.String(), ...DeletionCounts },
  { additionalProperties: false },
);

/** DELETE /admin/v0/tenants/{tenant}/accounts/{accountId}: the account and its logs; its persons stay, unlinked. */
export function deleteAccountAdmin(app: App): void {
  app.delete(
    '/tenants/:tenant/accounts/:account_id',
    {
      config: { policy: { access: 'admin', action: 'account.delete', dryRun: true } },
      schema: {
        operationId: 'adminDeleteAccount',
        tags: ['Accounts'],
        summary: 'Delete an account with its logs (its persons and their logs stay, without an account)',
        params: Type.Object({ tenant: PathId, account_id: PathId }),
        querystring: DryRunQuery,
        response: { 200: AccountDeletion, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return deleteAccount(app.db, tenantId, request.params.account_id, {
        dryRun: isFlagSet(request.query.dryRun),
      });
    },
  );
}
