import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { deleteAccountAdmin } from './delete-account.admin.js';
import { getAccountAdmin } from './get-account.admin.js';
import { listAccountActivityAdmin } from './list-account-activity.admin.js';
import { listAccountsAdmin } from './list-accounts.admin.js';
import { setLogDeletedByOperator } from './logs.operator.js';
import { renameAccountAdminRoute } from './rename-account.admin.js';
import { setAccountTraitsAdminRoute } from './set-account-traits.admin.js';

/** Operator API for logs (the same code as `quire logs`): soft-delete and restore. */
export function logsAdminRoutes(app: App): void {
  listAccountsAdmin(app);
  getAccountAdmin(app);
  listAccountActivityAdmin(app);
  for (const [verb, deleted, operationId, summary] of [
    ['delete', true, 'adminDeleteLog', 'Delete an activity log entry (it can be undeleted)'],
    ['undelete', false, 'adminUndeleteLog', 'Bring a deleted activity log entry back'],
  ] as const) {
    app.post(
      `/tenants/:tenant/logs/:log_id/${verb}`,
      {
        schema: {
          operationId,
          tags: ['Accounts'],
          summary,
          params: Type.Object({ tenant: PathId, log_id: PathId }),
        },
      },
      async (request) =>
        setLogDeletedByOperator(app.db, request.params.tenant, request.params.log_id, deleted),
    );
  }
  renameAccountAdminRoute(app);
  setAccountTraitsAdminRoute(app);
  deleteAccountAdmin(app);
}
