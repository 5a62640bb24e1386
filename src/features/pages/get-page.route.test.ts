import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { archiveTestAudience, makeAudience, makePage } from '../../../test/pages-factories.js';
import { DEMO_PAGE } from '../../seed/pages.js';
import { archivePage, deletePage } from './pages.service.js';

describeEachDatabase('GET /v0/pages/{page_id}', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => ({ method: 'GET', url: `/v0/pages/${(await makePage(ctx, owner)).id}` }),
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('returns every member of the page as created', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const response = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}`, key: tenant.key });
    assert.equal(response.status, 200, response.raw);
    const body = response.body;
    assert.equal(body.pageId, page.id);
    for (const member of [
      'brandId',
      'name',
      'title',
      'pageContext',
      'pageType',
      'status',
      'actions',
      'actionCardWidgets',
      'scripts',
      'footerLinks',
      'headerActionId',
      'metadata',
    ] as const) {
      assert.deepEqual(body[member], DEMO_PAGE[member], member);
    }
    assert.equal(body.audiencesCount, 0);
    assert.equal(body.archivedAt, null);
    assert.equal(body.deletedAt, null);
    assert.equal(body.body.blocks[1].type, 'logos');
    assert.equal(body.body.blocks[1].logos[0].name, 'Brightwell');
  });

  it('counts non-archived audiences only', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    await makeAudience(ctx, tenant, page.id);
    const second = await makeAudience(ctx, tenant, page.id);
    await makeAudience(ctx, tenant, page.id);
    await archiveTestAudience(ctx, tenant, second.audienceId);
    const response = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}`, key: tenant.key });
    assert.equal(response.body.audiencesCount, 2);
  });

  it('returns archived and deleted pages with their timestamps', async () => {
    const tenant = await makeTenant(ctx);
    const archived = await makePage(ctx, tenant);
    await archivePage(ctx.database.db, tenant.tenantId, archived.id);
    const deleted = await makePage(ctx, tenant);
    await deletePage(ctx.database.db, tenant.tenantId, deleted.id);
    const a = await ctx.request({ method: 'GET', url: `/v0/pages/${archived.id}`, key: tenant.key });
    assert.equal(a.body.status, 'archived');
    assert.match(a.body.archivedAt, /Z$/);
    assert.equal(a.body.deletedAt, null);
    const d = await ctx.request({ method: 'GET', url: `/v0/pages/${deleted.id}`, key: tenant.key });
    assert.equal(d.body.status, 'archived');
    assert.match(d.body.deletedAt, /Z$/);
  });

  it('omits headerActionId and metadata when the page has none, and 404s unknown ids', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { headerActionId: undefined, metadata: undefined });
    const response = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}`, key: tenant.key });
    assert.equal('headerActionId' in response.body, false);
    assert.equal('metadata' in response.body, false);
    for (const id of ['page_01jdq8m3k4e8v9t6w5x2y1z0ab', 'nope']) {
      const missing = await ctx.request({ method: 'GET', url: `/v0/pages/${id}`, key: tenant.key });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'not_found');
    }
  });
});
