import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { updatePageRow } from './pages.repository.js';
import { archivePage, deletePage } from './pages.service.js';

describeEachDatabase('POST /v0/pages/{page_id}/restore', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const page = await makePage(ctx, owner);
      await archivePage(ctx.database.db, owner.tenantId, page.id);
      return { method: 'POST', url: `/v0/pages/${page.id}/restore`, body: {} };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  const restore = (key: string, pageId: string) =>
    ctx.request({ method: 'POST', url: `/v0/pages/${pageId}/restore`, key, body: {} });

  it('returns an archived page to the status it had before archiving', async () => {
    const tenant = await makeTenant(ctx);
    for (const status of ['published', 'draft'] as const) {
      const page = await makePage(ctx, tenant, { status });
      await archivePage(ctx.database.db, tenant.tenantId, page.id);
      const response = await restore(tenant.key, page.id);
      assert.equal(response.status, 200, response.raw);
      assert.equal(response.body.status, status);
      assert.equal(response.body.archivedAt, null);
      assert.equal(response.body.deletedAt, null);
    }
  });

  it('restores an archived page of unknown prior status as draft', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { status: 'published' });
    await updatePageRow(ctx.database.db, tenant.tenantId, page.id, {
      status: 'archived',
      archived_at: Date.now(),
    });
    const response = await restore(tenant.key, page.id);
    assert.equal(response.body.status, 'draft');
    assert.equal(response.body.archivedAt, null);
  });

  it('clears deletedAt and archivedAt of a deleted page', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { status: 'published' });
    await deletePage(ctx.database.db, tenant.tenantId, page.id);
    const response = await restore(tenant.key, page.id);
    assert.equal(response.body.status, 'published');
    assert.equal(response.body.deletedAt, null);
    assert.equal(response.body.archivedAt, null);
  });

  it('answers 200 with the page unchanged when it is neither archived nor deleted', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { status: 'published' });
    const before = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}`, key: tenant.key });
    const response = await restore(tenant.key, page.id);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, before.body);
  });

  it('wants the empty object as body, refuses unknown members and 404s unknown pages', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const bare = await ctx.request({ method: 'POST', url: `/v0/pages/${page.id}/restore`, key: tenant.key });
    assert.equal(bare.status, 400, bare.raw);
    const extra = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${page.id}/restore`,
      key: tenant.key,
      body: { x: 1 },
    });
    assert.equal(extra.status, 400);
    assert.equal(extra.body.errors[0].pointer, '/x');
    const missing = await restore(tenant.key, 'page_01jdq8m3k4e8v9t6w5x2y1z0ab');
    assert.equal(missing.status, 404);
  });
});
