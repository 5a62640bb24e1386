import type { App } from '../../http/app-types.js';
import { createAccountLogRoute } from './create-account-log.route.js';
import { editLogRoute } from './edit-log.route.js';
import { getAccountLogRoute } from './get-account-log.route.js';
import { listAccountActivityRoute } from './list-account-activity.route.js';
import { listAccountsRoute } from './list-accounts.route.js';

/**
 * POST /v0/account_logs, GET and PATCH /v0/accounts/{account_id}/logs/{account_log_id},
 * GET /v0/accounts/{account_id}/activity, GET /v0/accounts
 */
export function accountsRoutes(app: App): void {
  createAccountLogRoute(app);
  getAccountLogRoute(app);
  editLogRoute(app, 'account');
  listAccountActivityRoute(app);
  listAccountsRoute(app);
}
