import assert from 'node:assert/strict';
import { it } from 'node:test';
import Fastify from 'fastify';
import { openTestDatabase, testConfig } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { actionOf, declaredAdminRoutes, requireRoutePolicies } from './route-roles.js';

/** Every operator API route, as the app registers it (method and template). */
async function adminRoutes() {
  const database = openTestDatabase('sqlite');
  await migrateToLatest(database.db);
  const routes: string[] = [];
  let declared: readonly import('./route-roles.js').DeclaredRoute[] = [];
  const app = await buildApp({ config: testConfig(), database, logger: false });
  try {
    await app.ready();
    for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
      for (const template of routeTemplates(app.printRoutes({ method: method as 'GET' }))) {
        if (template.startsWith('/admin/v0/') && !template.includes('_malformed-url'))
          routes.push(`${method} ${template}`);
      }
    }
    declared = declaredAdminRoutes(app);
  } finally {
    await app.close();
    await database.close();
  }
  return { routes, declared };
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

it('every /admin/v0 route declares its role beside it (a new route without one fails to start)', async () => {
  const { routes, declared } = await adminRoutes();
  assert.ok(routes.length > 100, `found only ${routes.length} routes: ${routes.join(', ')}`);
  const declaredKeys = new Set(declared.map((route) => `${route.method} ${route.url}`));
  assert.deepEqual(
    routes.filter((route) => !declaredKeys.has(route)),
    [],
    'every registered route is declared with its policy',
  );

  const webhooks = declared.filter((route) => route.url.includes('/webhooks'));
  assert.ok(webhooks.length >= 8, 'the webhook endpoints, deliveries and replays');
  for (const route of webhooks) assert.equal(route.policy.access, 'admin', route.url);
  const policy = (method: string, url: string) =>
    declared.find((route) => route.method === method && route.url === `/admin/v0${url}`)?.policy;
  assert.equal(policy('POST', '/tenants/:tenant/versions/:version_id/publish')?.access, 'publisher');
  assert.equal(policy('POST', '/session')?.access, 'public');
  assert.equal(policy('POST', '/tenants')?.access, 'instance');
  const url = '/admin/v0/tenants/:tenant/webhooks/:webhookId';
  const deletion = declared.find((route) => route.method === 'DELETE' && route.url === url)!;
  assert.equal(actionOf('DELETE', url, deletion.policy), 'DELETE /webhooks/:webhookId');
});

it('an operator API route without a policy stops the app from starting', async () => {
  const app = Fastify({ logger: false });
  requireRoutePolicies(app);
  app.get('/admin/v0/with', { config: { policy: { access: 'viewer' } } }, async () => ({}));
  assert.throws(() => app.get('/admin/v0/without', async () => ({})), /declares no policy/);
  await app.ready();
  assert.deepEqual(
    declaredAdminRoutes(app).map((route) => `${route.method} ${route.url}`),
    ['GET /admin/v0/with'],
  );
  await app.close();
});
