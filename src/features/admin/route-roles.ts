import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '../../http/admin-auth.js';

/**
 * Who may call each operator API route. Every route declares its policy beside its handler, in
 * its route options: `config: { policy: { access: 'editor', action: 'page.create' } }`
 * (docs/console.md). `access` is
 * - `public`: no credentials (signing in);
 * - `signed-in`: any console session, even one that must change its password first;
 * - a role: that role or a higher one (viewer < editor < publisher < admin), within the caller's
 *   own tenant (another tenant is a 404);
 * - `instance`: instance-wide routes, for instance admins (and the ADMIN_TOKEN bearer, which is one).
 *
 * `action` names the route's writes in the audit log (src/features/audit/record-writes.ts);
 * `audited: 'service'` marks routes whose service records its own entry in its transaction;
 * `dryRun` routes take `?dryRun=true`, which changes nothing and is therefore not audited.
 * A route without a policy is refused to everyone but the bearer, and fails
 * src/features/admin/route-roles.test.ts, so a new route cannot ship without a role.
 */
export type RouteAccess = 'public' | 'signed-in' | OperatorRole | 'instance';

export interface RoutePolicy {
  access: RouteAccess;
  action?: string;
  audited?: 'service';
  dryRun?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operator API route's access and audit (route-roles.ts); /v0 routes have none. */
    policy?: RoutePolicy;
  }
}

const RANK: Record<OperatorRole, number> = { viewer: 0, editor: 1, publisher: 2, admin: 3 };

export function roleAllows(held: OperatorRole, needed: OperatorRole): boolean {
  return RANK[held] >= RANK[needed];
}

/** The policy a route declares (its options' `config.policy`); the malformed-URL route's is a viewer's. */
export function policyOf(route: {
  url?: string | undefined;
  config?: { policy?: RoutePolicy } | undefined;
}): RoutePolicy | undefined {
  // Where a malformed URL is answered (src/http/malformed-url.ts): its error, for any caller.
  if (route.url?.startsWith('/admin/v0/_malformed-url/')) return { access: 'viewer' };
  return route.config?.policy;
}

/** A route's audit action: its name in the table, else its method and template (`DELETE /webhooks/:id`). */
export function actionOf(method: string, url: string, policy: RoutePolicy): string {
  return policy.action ?? `${method} ${url.replace(/^\/admin\/v0(\/tenants\/:tenant)?/, '')}`;
}

export interface DeclaredRoute {
  method: string;
  /** The full template, `/admin/v0/tenants/:tenant/pages`. */
  url: string;
  policy: RoutePolicy;
}

const declaredByServer = new WeakMap<object, DeclaredRoute[]>();

/**
 * Refuses, while the app starts, an operator API route that declares no policy (a route cannot
 * ship without a role), and records each route with its policy for declaredAdminRoutes().
 */
export function requireRoutePolicies(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  declaredByServer.set(app.server, declared);
  app.addHook('onRoute', (route) => {
    if (route.url.includes('/_malformed-url/')) return;
    const policy = route.config?.policy;
    if (policy === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no policy: add config: { policy: { access } } (route-roles.ts)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, policy });
    }
  });
}

/** Every operator API route of a started app, with the policy it declares. */
export function declaredAdminRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredByServer.get(app.server) ?? [];
}
