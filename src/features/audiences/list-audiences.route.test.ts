import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from '../../../test/pages-factories.js';
import { publishVersion } from './versions.service.js';

describeEachDatabase('GET /v0/pages/{page_id}/audiences (extension)', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const { pageId } = await makeAudience(ctx, owner);
      return { method: 'GET', url: `/v0/pages/${pageId}/audiences` };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it("lists a page's audiences newest first, each as GET .../audiences/{id} shows it", async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'contoso.com' });
    const general = await makeAudience(ctx, tenant, page.id, { customName: 'Fintech CFOs' });
    const personal = await makeAudience(ctx, tenant, page.id, { personId: person.personId });
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    await publishVersion(ctx.database.db, tenant.tenantId, personal.versionId);
    await makeAudience(ctx, tenant, (await makePage(ctx, tenant)).id);

    const list = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}/audiences`, key: tenant.key });
    assert.equal(list.status, 200, list.raw);
    assert.equal(list.body.totalCount, 2);
    assert.deepEqual(
      list.body.items.map((a: { audienceId: string }) => a.audienceId),
      [personal.audienceId, general.audienceId],
    );
    const one = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${page.id}/audiences/${personal.audienceId}`,
      key: tenant.key,
    });
    assert.deepEqual(list.body.items[0], one.body);
    assert.match(one.body.publicUrl, /^http:\/\/127\.0\.0\.1:3000\/p\//);
    assert.match(one.body.publishedVersion.previewUrl, /signature=/);

    const published = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${page.id}/audiences?published=true`,
      key: tenant.key,
    });
    assert.deepEqual(
      published.body.items.map((a: { audienceId: string }) => a.audienceId),
      [personal.audienceId],
    );
    const byPerson = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${page.id}/audiences?person=${person.personId}&limit=1`,
      key: tenant.key,
    });
    assert.equal(byPerson.body.items.length, 1);
    assert.equal(byPerson.body.hasMore, false);
  });

  it('answers 404 for an unknown page and 400 for a bad flag', async () => {
    const tenant = await makeTenant(ctx);
    const unknown = await ctx.request({
      method: 'GET',
      url: '/v0/pages/page_nope/audiences',
      key: tenant.key,
    });
    assert.equal(unknown.status, 404);
    const { pageId } = await makeAudience(ctx, tenant);
    const flag = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences?published=maybe`,
      key: tenant.key,
    });
    assert.equal(flag.status, 400, flag.raw);
    assert.equal(flag.body.errors[0].parameter, 'published');
  });
});
