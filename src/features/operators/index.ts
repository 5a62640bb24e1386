import type { App } from '../../http/app-types.js';
import { meAdminRoutes } from './me.admin.js';
import { operatorsAdminRoutes } from './operators.admin.js';
import { setupAdminRoutes } from './setup.admin.js';
import { sessionAdminRoutes } from './sign-in.admin.js';

export { findLiveSession } from './sessions.service.js';

/** The console's accounts and sessions on the operator API (docs/console.md). */
export function operatorsAdminRouteSet(app: App): void {
  setupAdminRoutes(app);
  sessionAdminRoutes(app);
  meAdminRoutes(app);
  operatorsAdminRoutes(app);
}
