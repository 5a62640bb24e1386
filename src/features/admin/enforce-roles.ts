import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { findTenantByIdOrName } from '../tenants/tenants.repository.js';
import { policyOf, roleAllows } from './route-roles.js';

/**
 * Enforces route-roles.ts on every operator API request, after authentication and before the body
 * is read: a console session reaches only its own tenant (another tenant is a 404, like a missing
 * one), instance-wide routes only as an instance admin, and each route only with its role or a
 * higher one (403 naming it). A session with a one-time password reaches nothing but its own
 * password change until it has chosen one. The ADMIN_TOKEN bearer is an instance admin.
 *
 * The tenant a route names (`/tenants/:tenant`, by id or name) is resolved here once and set as
 * `request.tenantId`, as /v0's key sets it: for a console session before the body is read, for
 * instance admins after validation (where handlers used to resolve it); an unknown one is a 404.
 */
export function registerRoleEnforcement(app: App): void {
  if (!app.hasRequestDecorator('tenantId')) app.decorateRequest('tenantId', '');
  app.addHook('preHandler', async (request) => {
    const tenantRef = (request.params as { tenant?: string } | undefined)?.tenant;
    if (tenantRef === undefined || request.tenantId !== '') return;
    const tenant = await findTenantByIdOrName(app.db, tenantRef);
    if (tenant === undefined) throw ApiError.notFound(`Tenant "${tenantRef}"`);
    request.tenantId = tenant.id;
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return;
    const policy = policyOf(request.routeOptions);
    if (policy?.access === 'public') return;
    const principal = request.adminPrincipal;
    if (principal === null) throw new ApiError('unauthenticated', 'Sign in to the console');
    if (principal.kind === 'admin-token') {
      if (policy?.access === 'signed-in') {
        throw new ApiError('forbidden', 'This route is for a console session, not the admin token');
      }
      return;
    }
    if (policy === undefined) {
      throw new ApiError(
        'forbidden',
        'This route has no role assigned yet; only the admin token may call it',
      );
    }
    if (principal.mustChangePassword && policy.access !== 'signed-in') {
      throw new ApiError('forbidden', 'Choose a new password first (POST /admin/v0/me/password)');
    }
    if (policy.access === 'signed-in' || principal.instanceAdmin) return;
    if (policy.access === 'instance') throw new ApiError('forbidden', 'This route is for instance admins');
    const tenantRef = (request.params as { tenant?: string }).tenant;
    if (tenantRef !== undefined) {
      const tenant = await findTenantByIdOrName(app.db, tenantRef);
      if (tenant === undefined || tenant.id !== principal.tenantId)
        throw ApiError.notFound(`Tenant "${tenantRef}"`);
      request.tenantId = tenant.id;
    }
    if (!roleAllows(principal.role, policy.access)) {
      throw new ApiError('forbidden', `This needs the ${policy.access} role; you are ${principal.role}`);
    }
  });
}
