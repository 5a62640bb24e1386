import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../../test/pages-factories.js';
import { createApiKey } from '../tenants/tenants.service.js';

/** An audience whose version 1 is a draft. */
async function drafted(ctx: TestContext, tenant: TestTenant) {
  const audience = await makeAudience(ctx, tenant);
  await drain(makeWorker(ctx, tenant, new FakeAgent()));
  const base = `/v0/pages/${audience.pageId}/audiences/${audience.audienceId}`;
  return { ...audience, base, publish: `${base}/versions/${audience.versionId}/publish` };
}

describeEachDatabase(
  'POST /v0/pages/{page_id}/audiences/{audience_id}/versions/{version_id}/publish (extension)',
  (ctx) => {
    authSuite(ctx, {
      request: async (ctx, owner) => ({ method: 'POST', url: (await drafted(ctx, owner)).publish, body: {} }),
      okStatus: 200,
      otherTenant: { status: 404 },
    });

    it('publishes a draft: the audience shows it; publishing it again is a 409', async () => {
      const tenant = await makeTenant(ctx);
      const a = await drafted(ctx, tenant);
      // No body at all is the same as {}.
      const published = await ctx.request({ method: 'POST', url: a.publish, key: tenant.key });
      assert.equal(published.status, 200, published.raw);
      assert.equal(published.body.versionId, a.versionId);
      assert.equal(published.body.status, 'published');
      assert.match(published.body.publishedAt, /Z$/);
      const audience = await ctx.request({ method: 'GET', url: a.base, key: tenant.key });
      assert.equal(audience.body.publishedVersion.versionId, a.versionId);
      assert.equal(audience.body.effectiveContent.versionId, a.versionId);
      const again = await ctx.request({ method: 'POST', url: a.publish, key: tenant.key, body: {} });
      assert.equal(again.status, 409, again.raw);
      assert.match(again.body.detail, /Only a draft can be published; this version is published/);
    });

    it('finds a version only under its own audience and page, and takes no body members', async () => {
      const tenant = await makeTenant(ctx);
      const a = await drafted(ctx, tenant);
      const b = await drafted(ctx, tenant);
      const post = (url: string, body: unknown = {}) =>
        ctx.request({ method: 'POST', url, key: tenant.key, body });
      assert.equal(
        (await post(`${b.base}/versions/${a.versionId}/publish`)).status,
        404,
        "another audience's version",
      );
      assert.equal(
        (await post(`/v0/pages/${b.pageId}/audiences/${a.audienceId}/versions/${a.versionId}/publish`))
          .status,
        404,
        'an audience under another page',
      );
      assert.equal((await post(`${a.base}/versions/version_nope/publish`)).status, 404);
      const extra = await post(a.publish, { now: true });
      assert.equal(extra.status, 400);
      assert.equal(extra.body.errors[0].code, 'unknown_field');
      const audience = await ctx.request({ method: 'GET', url: a.base, key: tenant.key });
      assert.equal(audience.body.publishedVersion, null, 'nothing was published');
    });

    it('needs pages:publish, which pages:write does not include', async () => {
      const tenant = await makeTenant(ctx);
      const a = await drafted(ctx, tenant);
      for (const scopes of [['pages:read'], ['pages:write']] as const) {
        const key = await createApiKey(ctx.database.db, tenant.tenantId, null, [...scopes]);
        const refused = await ctx.request({ method: 'POST', url: a.publish, key: key.apiKey, body: {} });
        assert.equal(refused.status, 403, refused.raw);
        assert.match(refused.body.detail, /needs the scope pages:publish/);
      }
      const publisher = await createApiKey(ctx.database.db, tenant.tenantId, null, ['pages:publish']);
      const published = await ctx.request({
        method: 'POST',
        url: a.publish,
        key: publisher.apiKey,
        body: {},
      });
      assert.equal(published.status, 200, published.raw);
    });
  },
);
