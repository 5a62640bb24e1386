import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { archivePage } from './pages.service.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/pages', (ctx) => {
  it('lists every page newest first, narrows by status and name, pages with a cursor', async () => {
    const tenant = await makeTenant(ctx);
    const spring = await makePage(ctx, tenant, { name: 'Spring launch 100%' });
    const autumn = await makePage(ctx, tenant, { name: 'Autumn webinar' });
    await archivePage(ctx.database.db, tenant.tenantId, autumn.id);
    await makeTenant(ctx).then((other) => makePage(ctx, other, { name: 'Spring elsewhere' }));

    const all = await adminGet(ctx, `/tenants/${tenant.tenantId}/pages`);
    assert.equal(all.status, 200, all.raw);
    assert.deepEqual(
      all.body.items.map((p: { pageId: string }) => p.pageId).sort(),
      [spring.id, autumn.id].sort(),
    );
    assert.equal(all.body.totalCount, 2);

    const archived = await adminGet(ctx, `/tenants/${tenant.tenantId}/pages?status=archived`);
    assert.deepEqual(
      archived.body.items.map((p: { pageId: string }) => p.pageId),
      [autumn.id],
    );
    const found = await adminGet(ctx, `/tenants/${tenant.tenantId}/pages?search=SPRING`);
    assert.deepEqual(
      found.body.items.map((p: { name: string }) => p.name),
      ['Spring launch 100%'],
    );
    const literal = await adminGet(
      ctx,
      `/tenants/${tenant.tenantId}/pages?search=${encodeURIComponent('0%')}`,
    );
    assert.equal(literal.body.totalCount, 1, '% is a character, not a wildcard');
    assert.equal((await adminGet(ctx, `/tenants/${tenant.tenantId}/pages?search=_`)).body.totalCount, 0);

    const first = await adminGet(ctx, `/tenants/${tenant.tenantId}/pages?limit=1`);
    assert.equal(first.body.hasMore, true);
    const second = await adminGet(
      ctx,
      `/tenants/${tenant.tenantId}/pages?limit=1&cursor=${first.body.nextCursor}`,
    );
    assert.equal(second.body.hasMore, false);
    assert.notEqual(second.body.items[0].pageId, first.body.items[0].pageId);
    const mismatched = await adminGet(
      ctx,
      `/tenants/${tenant.tenantId}/pages?status=draft&cursor=${first.body.nextCursor}`,
    );
    assert.equal(mismatched.status, 400);
    assert.equal((await adminGet(ctx, `/tenants/${tenant.tenantId}/pages?status=gone`)).status, 400);
  });

  it('is a 404 for an unknown tenant', async () => {
    assert.equal((await adminGet(ctx, '/tenants/tenant_nope/pages')).status, 404);
  });
});
