import type { App } from '../../http/app-types.js';
import { deleteAccountAdmin } from './delete-account.admin.js';
import { getAccountAdmin } from './get-account.admin.js';
import { listAccountsAdmin } from './list-accounts.admin.js';
import { renameAccountAdminRoute } from './rename-account.admin.js';
import { setAccountTraitsAdminRoute } from './set-account-traits.admin.js';

/** Operator API for accounts: list, show, rename, delete (their logs: features/activity). */
export function accountsAdminRoutes(app: App): void {
  listAccountsAdmin(app);
  getAccountAdmin(app);
  renameAccountAdminRoute(app);
  setAccountTraitsAdminRoute(app);
  deleteAccountAdmin(app);
}
