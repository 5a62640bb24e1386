import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makeAudience } from '../../../test/pages-factories.js';
import { audienceWithTwoVersions } from '../../../test/rollback-factories.js';
import { createApiKey } from '../tenants/tenants.service.js';

describeEachDatabase(
  'POST /v0/pages/{page_id}/audiences/{audience_id}/versions/{version_id}/restore (extension)',
  (ctx) => {
    authSuite(ctx, {
      request: async (ctx, owner) => {
        const { base, v1 } = await audienceWithTwoVersions(ctx, owner);
        return { method: 'POST', url: `${base}/versions/${v1}/restore`, body: {} };
      },
      okStatus: 201,
      otherTenant: { status: 404 },
    });

    it('restores v1 as a new draft v3 that publishes nothing until it is published', async () => {
      const tenant = await makeTenant(ctx);
      const { base, v1, v2 } = await audienceWithTwoVersions(ctx, tenant);
      const restored = await ctx.request({
        method: 'POST',
        url: `${base}/versions/${v1}/restore`,
        key: tenant.key,
      });
      assert.equal(restored.status, 201, restored.raw);
      assert.equal(restored.headers.location, base);
      assert.equal(restored.body.versionNumber, 3);
      assert.equal(restored.body.status, 'draft');
      assert.equal(restored.body.content.buttonTitles['book-demo'], 'Book a demo');
      const audience = await ctx.request({ method: 'GET', url: base, key: tenant.key });
      assert.equal(audience.body.publishedVersion.versionId, v2, 'a draft changes nothing a visitor sees');
      assert.equal(audience.body.latestVersion.versionId, restored.body.versionId);
      const published = await ctx.request({
        method: 'POST',
        url: `${base}/versions/${restored.body.versionId}/publish`,
        key: tenant.key,
      });
      assert.equal(published.status, 200, published.raw);
      const after = await ctx.request({ method: 'GET', url: base, key: tenant.key });
      assert.equal(after.body.effectiveContent.buttonTitles['book-demo'], 'Book a demo');
    });

    it('answers 409 for a version without content, 404 for another audience, 403 for pages:read', async () => {
      const tenant = await makeTenant(ctx);
      const queued = await makeAudience(ctx, tenant);
      const queuedBase = `/v0/pages/${queued.pageId}/audiences/${queued.audienceId}`;
      const empty = await ctx.request({
        method: 'POST',
        url: `${queuedBase}/versions/${queued.versionId}/restore`,
        key: tenant.key,
        body: {},
      });
      assert.equal(empty.status, 409, empty.raw);
      assert.match(empty.body.detail, /holds no content/);
      const { v1 } = await audienceWithTwoVersions(ctx, tenant);
      const elsewhere = await ctx.request({
        method: 'POST',
        url: `${queuedBase}/versions/${v1}/restore`,
        key: tenant.key,
        body: {},
      });
      assert.equal(elsewhere.status, 404);
      const reader = await createApiKey(ctx.database.db, tenant.tenantId, null, ['pages:read']);
      const refused = await ctx.request({
        method: 'POST',
        url: `${queuedBase}/versions/${queued.versionId}/restore`,
        key: reader.apiKey,
        body: {},
      });
      assert.equal(refused.status, 403);
      assert.match(refused.body.detail, /needs the scope pages:write/);
    });
  },
);
