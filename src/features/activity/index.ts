import type { App } from '../../http/app-types.js';
import { createAccountLogRoute } from './create-account-log.route.js';
import { editLogRoute } from './edit-log.route.js';
import { getAccountLogRoute } from './get-account-log.route.js';
import { listAccountActivityRoute } from './list-account-activity.route.js';

/**
 * POST /v0/account_logs, GET and PATCH /v0/accounts/{account_id}/logs/{account_log_id},
 * GET /v0/accounts/{account_id}/activity
 */
export function accountLogsRoutes(app: App): void {
  createAccountLogRoute(app);
  getAccountLogRoute(app);
  editLogRoute(app, 'account');
  listAccountActivityRoute(app);
}

/** PATCH /v0/persons/{person_id}/logs/{person_log_id} (listed after the account routes in the API document) */
export function personLogsRoutes(app: App): void {
  editLogRoute(app, 'person');
}
