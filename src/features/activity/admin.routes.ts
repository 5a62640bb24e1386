import type { App } from '../../http/app-types.js';
import { deleteLogAdmin } from './delete-log.admin.js';
import { listAccountActivityAdmin } from './list-account-activity.admin.js';

/** Operator API for an account's activity: list it, soft-delete and restore its logs. */
export function activityAdminRoutes(app: App): void {
  listAccountActivityAdmin(app);
  deleteLogAdmin(app);
}
