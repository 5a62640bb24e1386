import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { makeAudience } from '../../../test/pages-factories.js';
import { audienceWithTwoVersions } from '../../../test/rollback-factories.js';
import { findVersion } from './versions.repository.js';

const admin = (ctx: TestContext, method: 'POST' | 'GET', url: string, body?: unknown) =>
  ctx.request({
    method,
    url: `/admin/v0${url}`,
    ...(body === undefined ? {} : { body }),
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });

describeEachDatabase('POST /admin/v0/tenants/{tenant}/versions/{versionId}/restore', (ctx) => {
  it('publish v2, restore v1 as v3, publish v3: the audience shows v1 and the conversation tells it', async () => {
    const tenant = await makeTenant(ctx);
    const { base, v1, v2 } = await audienceWithTwoVersions(ctx, tenant);
    const before = (await ctx.request({ method: 'GET', url: base, key: tenant.key })).body;
    assert.equal(before.effectiveContent.buttonTitles['book-demo'], 'Talk to sales');
    assert.equal(before.effectiveContent.headline, 'Sales will call you');

    const restored = await admin(ctx, 'POST', `/tenants/${tenant.tenantId}/versions/${v1}/restore`);
    assert.equal(restored.status, 201, restored.raw);
    const v3 = restored.body;
    assert.equal(v3.versionNumber, 3);
    assert.equal(v3.status, 'draft');
    assert.match(v3.becameDraftAt, /Z$/);
    assert.equal(v3.content.buttonTitles['book-demo'], 'Book a demo');
    assert.notEqual(v3.content.headline, 'Sales will call you', "v1's headline comes back");
    const stillV2 = (await ctx.request({ method: 'GET', url: base, key: tenant.key })).body;
    assert.equal(stillV2.publishedVersion.versionId, v2, 'a draft changes nothing a visitor sees');
    assert.equal(stillV2.latestVersion.versionId, v3.versionId);

    const published = await admin(
      ctx,
      'POST',
      `/tenants/${tenant.tenantId}/versions/${v3.versionId}/publish`,
    );
    assert.equal(published.status, 200, published.raw);
    const audience = (await ctx.request({ method: 'GET', url: base, key: tenant.key })).body;
    assert.equal(audience.publishedVersion.versionId, v3.versionId);
    assert.equal(audience.effectiveContent.versionId, v3.versionId);
    assert.equal(audience.effectiveContent.buttonTitles['book-demo'], 'Book a demo');
    assert.equal(audience.effectiveContent.actions[0].buttonTitle, 'Book a demo');
    assert.equal(audience.effectiveContent.headline, v3.content.headline);
    assert.deepEqual(audience.effectiveContent, {
      ...audience.effectiveContent,
      ...(await findVersion(ctx.database.db, tenant.tenantId, v1).then((v) => JSON.parse(v!.content!))),
    });

    const numbers = await Promise.all(
      [v1, v2, v3.versionId].map((id) => findVersion(ctx.database.db, tenant.tenantId, id)),
    );
    assert.deepEqual(
      numbers.map((v) => [v!.version_number, v!.status]),
      [
        [1, 'archived'],
        [2, 'archived'],
        [3, 'published'],
      ],
      'history stays linear: nothing is rewritten, v3 is appended',
    );

    const conversation = (await ctx.request({ method: 'GET', url: `${base}/messages`, key: tenant.key }))
      .body;
    const last = conversation.messages.at(-1);
    assert.equal(last.content, 'Restored version 1.');
    assert.equal(last.versionId, v3.versionId);
    assert.match(last.reasoning, /operator restored version 1 as version 3/);
    assert.deepEqual(
      last.changes.map((c: { field: string; previousValue: string; newValue: string }) => [
        c.field,
        c.previousValue,
        c.newValue,
      ]),
      [
        ['headline', 'Sales will call you', 'Close your books in two days, not ten'],
        ['buttonTitle:book-demo', 'Talk to sales', 'Book a demo'],
      ],
    );
    assert.equal(conversation.conversation.publishedMessageId, last.messageId);
    assert.deepEqual(conversation.pendingChanges, []);
  });

  it('publishes at once with {"publish": true}', async () => {
    const tenant = await makeTenant(ctx);
    const { base, v1 } = await audienceWithTwoVersions(ctx, tenant);
    const restored = await admin(ctx, 'POST', `/tenants/${tenant.tenantId}/versions/${v1}/restore`, {
      publish: true,
    });
    assert.equal(restored.status, 201, restored.raw);
    assert.equal(restored.body.status, 'published');
    const audience = (await ctx.request({ method: 'GET', url: base, key: tenant.key })).body;
    assert.equal(audience.effectiveContent.buttonTitles['book-demo'], 'Book a demo');
  });

  it('refuses a version without content, a bad body, and another tenant', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const queued = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/versions`,
      key: tenant.key,
      body: {},
    });
    const url = `/tenants/${tenant.tenantId}/versions/${queued.body.versionId}/restore`;
    const noContent = await admin(ctx, 'POST', url);
    assert.equal(noContent.status, 409, noContent.raw);
    assert.match(noContent.body.detail, /holds no content/);
    const bad = await admin(ctx, 'POST', url, { publish: 'yes' });
    assert.equal(bad.status, 400);
    const other = await makeTenant(ctx);
    const foreign = await admin(
      ctx,
      'POST',
      `/tenants/${other.tenantId}/versions/${queued.body.versionId}/restore`,
    );
    assert.equal(foreign.status, 404, foreign.raw);
  });
});
