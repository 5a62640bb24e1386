import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { signInAs } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from '../../../test/pages-factories.js';
import { declaredAdminRoutes } from './route-roles.js';

const SAFE = new Set(['GET', 'HEAD']);

/** Every state-changing console route the app declares, its path filled in for `tenantId`. */
function stateChangingRoutes(app: FastifyInstance, tenantId: string) {
  return declaredAdminRoutes(app)
    .filter((route) => !SAFE.has(route.method) && route.policy.access !== 'public')
    .map(({ method, url: template }) => {
      const url = template.replace(':tenant', tenantId).replace(/:[a-zA-Z_]+/g, 'x_missing');
      return { route: `${method} ${template}`, method, url };
    });
}

describeEachDatabase('roles, CSRF and tenancy on /admin/v0', (ctx) => {
  it('refuses every state-changing call made with the cookie but without the CSRF token, or from another origin', async () => {
    const tenant = await makeTenant(ctx);
    const session = await signInAs(ctx, null, 'admin');
    const routes = stateChangingRoutes(ctx.app, tenant.tenantId);
    assert.ok(routes.length > 40);
    for (const { route, method, url } of routes) {
      const noToken = await ctx.request({
        method: method as 'POST',
        url,
        headers: { cookie: session.cookie },
      });
      const wrongToken = await session.request(method, url, undefined, { 'x-csrf-token': 'forged' });
      const otherOrigin = await session.request(method, url, undefined, { origin: 'https://evil.example' });
      for (const response of [noToken, wrongToken, otherOrigin]) {
        // Routes of branches not merged yet (webhooks) are not registered: the router answers 404.
        if (response.status === 404 && route.includes('/webhooks')) continue;
        assert.equal(response.status, 403, `${route}: ${response.raw}`);
        assert.match(response.body.detail, /CSRF/, route);
      }
    }
    // With the token and its own origin, the same calls reach their handlers (404s and 400s, not 403).
    for (const { route, method, url } of routes) {
      if (route.includes('/session')) continue;
      const response = await session.request(method, url, undefined, { origin: 'http://localhost:80' });
      assert.notEqual(response.status, 403, `${route}: ${response.raw}`);
    }
    assert.equal((await session.request('GET', '/admin/v0/me')).status, 200);
  });

  it('enforces roles in the server: a viewer cannot write, an editor cannot publish, a publisher can', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/admin/v0/tenants/${tenant.tenantId}`;
    const { versionId } = await makeAudience(ctx, tenant);
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    const viewer = await signInAs(ctx, tenant.tenantId, 'viewer');
    const editor = await signInAs(ctx, tenant.tenantId, 'editor');
    const publisher = await signInAs(ctx, tenant.tenantId, 'publisher');
    const admin = await signInAs(ctx, tenant.tenantId, 'admin');

    assert.equal((await viewer.request('GET', `${base}/pages`)).status, 200);
    const viewerWrite = await viewer.request('POST', `${base}/pages`, { name: 'Nope' });
    assert.equal(viewerWrite.status, 403);
    assert.match(viewerWrite.body.detail, /editor role; you are viewer/);
    const viewerPublish = await viewer.request('POST', `${base}/versions/${versionId}/publish`);
    assert.equal(viewerPublish.status, 403);
    assert.match(viewerPublish.body.detail, /publisher role/);
    const editorPublish = await editor.request('POST', `${base}/versions/${versionId}/publish`);
    assert.equal(editorPublish.status, 403);
    assert.equal(
      (
        await editor.request('POST', `${base}/pages`, {
          brandId: 'acme',
          name: 'Spring launch',
          title: 'Spring',
        })
      ).status,
      201,
    );
    assert.equal((await editor.request('GET', `${base}/keys`)).status, 403);
    assert.equal((await publisher.request('POST', `${base}/keys`, {})).status, 403);
    assert.equal((await admin.request('GET', `${base}/keys`)).status, 200);
    const published = await publisher.request('POST', `${base}/versions/${versionId}/publish`);
    assert.equal(published.status, 200, published.raw);
    assert.equal(published.body.status, 'published');
  });

  it("answers 404 for another tenant, by id or name, and for another tenant's record ids", async () => {
    const mine = await makeTenant(ctx);
    const theirs = await makeTenant(ctx);
    const theirPage = await makePage(ctx, theirs);
    const session = await signInAs(ctx, mine.tenantId, 'admin');
    for (const [method, url] of [
      ['GET', `/admin/v0/tenants/${theirs.tenantId}/pages`],
      ['GET', `/admin/v0/tenants/${theirs.tenantId}`],
      ['POST', `/admin/v0/tenants/${theirs.tenantId}/pages`],
      ['GET', `/admin/v0/tenants/${theirs.tenantId}/audit`],
      ['GET', `/admin/v0/tenants/${mine.tenantId}/pages/${theirPage.id}`],
      ['POST', `/admin/v0/tenants/${mine.tenantId}/pages/${theirPage.id}/archive`],
      ['DELETE', `/admin/v0/tenants/${mine.tenantId}/pages/${theirPage.id}`],
    ] as const) {
      const response = await session.request(
        method,
        url,
        method === 'POST' && url.endsWith('/pages') ? { name: 'x' } : undefined,
      );
      assert.equal(response.status, 404, `${method} ${url}: ${response.raw}`);
    }
    const tenantName = (
      await ctx.request({
        method: 'GET',
        url: '/admin/v0/tenants',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).body.items.find((t: { tenantId: string }) => t.tenantId === theirs.tenantId).name;
    assert.equal((await session.request('GET', `/admin/v0/tenants/${tenantName}/pages`)).status, 404);
  });

  it('keeps instance-wide routes for instance admins; an instance admin reaches every tenant', async () => {
    const tenant = await makeTenant(ctx);
    const tenantAdmin = await signInAs(ctx, tenant.tenantId, 'admin');
    const instanceAdmin = await signInAs(ctx, null, 'admin');
    assert.equal((await tenantAdmin.request('GET', '/admin/v0/tenants')).status, 403);
    assert.equal((await tenantAdmin.request('GET', '/admin/v0/status')).status, 403);
    assert.equal((await tenantAdmin.request('POST', '/admin/v0/tenants', { name: 'mine-now' })).status, 403);
    assert.equal((await instanceAdmin.request('GET', '/admin/v0/tenants')).status, 200);
    assert.equal(
      (await instanceAdmin.request('GET', `/admin/v0/tenants/${tenant.tenantId}/pages`)).status,
      200,
    );
  });

  it('still takes the ADMIN_TOKEN bearer for every route, without a CSRF token', async () => {
    const tenant = await makeTenant(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages`,
      body: { brandId: 'acme', name: 'From a script', title: 'Script' },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(response.status, 201, response.raw);
    const noCredentials = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages`,
    });
    assert.equal(noCredentials.status, 401);
  });
});
