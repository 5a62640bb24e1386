import type { App } from '../../http/app-types.js';
import { listAccountsRoute } from './list-accounts.route.js';

/** GET /v0/accounts (their logs and activity: features/activity) */
export function accountsRoutes(app: App): void {
  listAccountsRoute(app);
}
