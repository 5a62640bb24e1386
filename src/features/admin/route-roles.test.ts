import assert from 'node:assert/strict';
import { it } from 'node:test';
import { openTestDatabase, testConfig } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { actionOf, policyOf, ROUTE_POLICIES } from './route-roles.js';

/** Every operator API route, as the app registers it (method and template). */
async function adminRoutes(): Promise<string[]> {
  const database = openTestDatabase('sqlite');
  await migrateToLatest(database.db);
  const routes: string[] = [];
  const app = await buildApp({ config: testConfig(), database, logger: false });
  try {
    await app.ready();
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
      for (const template of routeTemplates(app.printRoutes({ method: method as 'GET' }))) {
        if (template.startsWith('/admin/v0/') && !template.includes('_malformed-url'))
          routes.push(`${method} ${template}`);
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  return routes;
}

/** Full templates from printRoutes' tree (each line adds a segment to its parent's). */
function routeTemplates(tree: string): string[] {
  const out: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│]*)(?:[└├]── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length;
    while (stack.length > 0 && (stack[stack.length - 1] as { depth: number }).depth >= depth) stack.pop();
    const path = `${stack.length > 0 ? (stack[stack.length - 1] as { path: string }).path : ''}${match[2]}`;
    stack.push({ depth, path });
    if (match[3] !== undefined) out.push(path);
  }
  return out;
}

it('every /admin/v0 route has a role in route-roles.ts (a new route fails here until given one)', async () => {
  const routes = await adminRoutes();
  assert.ok(routes.length > 60, `found only ${routes.length} routes: ${routes.join(', ')}`);
  const missing = routes.filter((route) => {
    const [method, url] = route.split(' ') as [string, string];
    return policyOf(method, url) === undefined;
  });
  assert.deepEqual(missing, [], `give these routes a role in src/features/admin/route-roles.ts`);
});

it('the webhook endpoints of the events branch are admin-only, and publishing needs a publisher', () => {
  for (const [route, policy] of Object.entries(ROUTE_POLICIES)) {
    if (route.includes('/webhooks')) assert.equal(policy.access, 'admin', route);
  }
  for (const route of [
    'GET /admin/v0/tenants/:tenant/webhooks',
    'DELETE /admin/v0/tenants/:tenant/webhooks/:endpointId',
    'POST /admin/v0/tenants/:tenant/webhooks/:endpointId/deliveries/:deliveryId/replay',
  ]) {
    const [method, url] = route.split(' ') as [string, string];
    assert.equal(policyOf(method, url)?.access, 'admin', route);
  }
  assert.equal(policyOf('GET', '/admin/v0/tenants/:tenant/webhooksx'), undefined);
  const url = '/admin/v0/tenants/:tenant/webhooks/:endpointId';
  assert.equal(actionOf('DELETE', url, policyOf('DELETE', url)!), 'DELETE /webhooks/:endpointId');
  assert.equal(
    policyOf('POST', '/admin/v0/tenants/:tenant/versions/:version_id/publish')?.access,
    'publisher',
  );
  assert.equal(policyOf('HEAD', '/admin/v0/tenants/:tenant/pages')?.access, 'viewer');
  assert.equal(policyOf('POST', '/admin/v0/tenants/:tenant/nothing-here'), undefined);
});
