import { registerAdminAuth } from '../../http/admin-auth.js';
import { registerAdminIdempotency } from '../../http/admin-idempotency.js';
import type { App } from '../../http/app-types.js';
import { registerMalformedUrlRoute } from '../../http/malformed-url.js';
import { consoleOrigin } from '../../http/public-host.js';
import { isFlagSet } from '../../http/query-flags.js';
import { accountsAdminRoutes } from '../accounts/admin.routes.js';
import { addPersonLogAdmin } from '../activity/add-person-log.admin.js';
import { activityAdminRoutes } from '../activity/admin.routes.js';
import { assetsAdminRoutes } from '../assets/admin.routes.js';
import { audiencesAdminRoutes } from '../audiences/admin.routes.js';
import { listAuditAdmin } from '../audit/list-audit.admin.js';
import { adminActor, registerWriteAudit } from '../audit/record-writes.js';
import { brandsAdminRoutes } from '../brands/index.js';
import { eventsAdminRoutes } from '../event-stream/index.js';
import { experimentsAdminRoutes } from '../experiments/admin.routes.js';
import { filesAdminRoutes } from '../files/index.js';
import { formsAdminRoutes } from '../forms/admin.routes.js';
import { hostedAdminRoutes } from '../hosted/admin.routes.js';
import { importsAdminRoutes } from '../imports/admin.routes.js';
import { findLiveSession, operatorsAdminRouteSet } from '../operators/index.js';
import { opsAdminRoutes } from '../ops/index.js';
import { pagesAdminRoutes } from '../pages/admin.routes.js';
import { personsAdminRoutes } from '../persons/admin.routes.js';
import { tenantsAdminRoutes } from '../tenants/admin.routes.js';
import { topicsAdminRoutes } from '../topics/admin.routes.js';
import { webhooksAdminRoutes } from '../webhooks/admin.routes.js';
import { registerRoleEnforcement } from './enforce-roles.js';
import { adminOpenApiRoute } from './openapi.route.js';
import { actionOf, policyOf, requireRoutePolicies } from './route-roles.js';

/**
 * The operator API under /admin/v0: the ADMIN_TOKEN bearer (scripts) or a console session. Each
 * feature keeps its admin routes in its own folder; this file guards them (authentication, the
 * role each route declares, the audit of writes) and lists them. Their OpenAPI document is their own
 * (openapi.ts), not the public one.
 */
export async function adminRoutes(app: App): Promise<void> {
  requireRoutePolicies(app);
  const limits = { idleMs: app.config.console.sessionIdleMs, maxMs: app.config.console.sessionMaxMs };
  registerAdminAuth(app, {
    adminToken: app.config.adminToken,
    findSession: (sessionId) => findLiveSession(app.db, sessionId, limits),
    isPublic: (request) => policyOf(request.routeOptions)?.access === 'public',
    consoleOrigin: consoleOrigin(app.config),
  });
  registerRoleEnforcement(app);
  registerWriteAudit(app, async (request) => {
    const policy = policyOf(request.routeOptions);
    const actor = adminActor(request);
    if (policy === undefined || policy.audited === 'service' || actor === null) return null;
    // A dry run (`?dryRun=true` on a deletion) changes nothing, so there is nothing to audit.
    if (policy.dryRun === true && isFlagSet((request.query as { dryRun?: string }).dryRun)) return null;
    return {
      actor,
      action: actionOf(request.method, request.routeOptions.url as string, policy),
      withBody: true,
    };
  });
  registerMalformedUrlRoute(app);
  registerAdminIdempotency(app, app.db);
  adminOpenApiRoute(app);
  tenantsAdminRoutes(app);
  pagesAdminRoutes(app);
  audiencesAdminRoutes(app);
  assetsAdminRoutes(app);
  filesAdminRoutes(app);
  brandsAdminRoutes(app);
  topicsAdminRoutes(app);
  personsAdminRoutes(app);
  addPersonLogAdmin(app);
  accountsAdminRoutes(app);
  activityAdminRoutes(app);
  opsAdminRoutes(app);
  hostedAdminRoutes(app);
  formsAdminRoutes(app);
  importsAdminRoutes(app);
  experimentsAdminRoutes(app);
  operatorsAdminRouteSet(app);
  listAuditAdmin(app);
  webhooksAdminRoutes(app);
  eventsAdminRoutes(app);
}
