import { registerAdminAuth } from '../../http/admin-auth.js';
import { registerAdminIdempotency } from '../../http/admin-idempotency.js';
import type { App } from '../../http/app-types.js';
import { registerMalformedUrlRoute } from '../../http/malformed-url.js';
import { logsAdminRoutes } from '../accounts/admin.routes.js';
import { assetsAdminRoutes } from '../assets/admin.routes.js';
import { audiencesAdminRoutes } from '../audiences/admin.routes.js';
import { hostedAdminRoutes } from '../hosted/admin.routes.js';
import { opsAdminRoutes } from '../ops/index.js';
import { pagesAdminRoutes } from '../pages/admin.routes.js';
import { personLogsAdminRoutes } from '../persons/admin.routes.js';
import { tenantsAdminRoutes } from '../tenants/admin.routes.js';
import { topicsAdminRoutes } from '../topics/admin.routes.js';
import { webhooksAdminRoutes } from '../webhooks/admin.routes.js';

/**
 * The operator API under /admin/v0 (enabled by ADMIN_TOKEN). Each feature keeps its admin routes
 * in its own folder; this file guards them and lists them. Hidden from the public OpenAPI document.
 */
export async function adminRoutes(app: App, adminToken: string): Promise<void> {
  registerAdminAuth(app, adminToken);
  registerMalformedUrlRoute(app);
  registerAdminIdempotency(app, app.db);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  tenantsAdminRoutes(app);
  pagesAdminRoutes(app);
  audiencesAdminRoutes(app);
  assetsAdminRoutes(app);
  topicsAdminRoutes(app);
  personLogsAdminRoutes(app);
  logsAdminRoutes(app);
  opsAdminRoutes(app);
  hostedAdminRoutes(app);
  webhooksAdminRoutes(app);
}
