import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite, SEES_AN_EMPTY_LIST } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { createApiKey } from '../tenants/tenants.service.js';
import { archivePage } from './pages.service.js';

describeEachDatabase('GET /v0/pages (extension)', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      await makePage(ctx, owner);
      return { method: 'GET', url: '/v0/pages' };
    },
    okStatus: 200,
    otherTenant: SEES_AN_EMPTY_LIST,
  });

  it('lists the tenant’s pages newest first, filtered and paged, as the operator API does', async () => {
    const tenant = await makeTenant(ctx);
    const launch = await makePage(ctx, tenant, { name: 'Spring launch' });
    const pricing = await makePage(ctx, tenant, { name: 'Pricing', status: 'draft' });
    const old = await makePage(ctx, tenant, { name: 'Old launch' });
    await archivePage(ctx.database.db, tenant.tenantId, old.id);

    const all = await ctx.request({ method: 'GET', url: '/v0/pages', key: tenant.key });
    assert.equal(all.status, 200, all.raw);
    assert.deepEqual(
      all.body.items.map((p: { pageId: string }) => p.pageId),
      [old.id, pricing.id, launch.id],
    );
    assert.equal(all.body.totalCount, 3);
    const admin = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.deepEqual(all.body, admin.body, 'the same read as the operator API');

    const launches = await ctx.request({
      method: 'GET',
      url: '/v0/pages?search=LAUNCH&status=published',
      key: tenant.key,
    });
    assert.deepEqual(
      launches.body.items.map((p: { pageId: string }) => p.pageId),
      [launch.id],
    );
    const first = await ctx.request({ method: 'GET', url: '/v0/pages?limit=2', key: tenant.key });
    assert.equal(first.body.hasMore, true);
    const rest = await ctx.request({
      method: 'GET',
      url: `/v0/pages?limit=2&cursor=${first.body.nextCursor}`,
      key: tenant.key,
    });
    assert.deepEqual(
      rest.body.items.map((p: { pageId: string }) => p.pageId),
      [launch.id],
    );
  });

  it('refuses bad filters and a garbled cursor with a 400 naming the parameter', async () => {
    const tenant = await makeTenant(ctx);
    const status = await ctx.request({ method: 'GET', url: '/v0/pages?status=gone', key: tenant.key });
    assert.equal(status.status, 400, status.raw);
    assert.equal(status.body.errors[0].parameter, 'status');
    const cursor = await ctx.request({ method: 'GET', url: '/v0/pages?cursor=nope', key: tenant.key });
    assert.equal(cursor.status, 400);
    assert.equal(cursor.body.code, 'invalid_cursor');
  });

  it('needs pages:read', async () => {
    const tenant = await makeTenant(ctx);
    const persons = await createApiKey(ctx.database.db, tenant.tenantId, null, ['persons:read']);
    const refused = await ctx.request({ method: 'GET', url: '/v0/pages', key: persons.apiKey });
    assert.equal(refused.status, 403);
    assert.match(refused.body.detail, /needs the scope pages:read/);
  });
});
