import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { audienceWithTwoVersions } from '../../../test/rollback-factories.js';

describeEachDatabase('POST /admin/v0/tenants/{tenant}/messages/{messageId}/revert', (ctx) => {
  const revert = (tenantId: string, messageId: string, body?: unknown) =>
    ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenantId}/messages/${messageId}/revert`,
      ...(body === undefined ? {} : { body }),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('undoes a message: the version before it comes back as the next version, published at once if asked', async () => {
    const tenant = await makeTenant(ctx);
    const { base } = await audienceWithTwoVersions(ctx, tenant);
    const conversation = (await ctx.request({ method: 'GET', url: `${base}/messages`, key: tenant.key }))
      .body;
    const asked = conversation.messages.find((m: { role: string }) => m.role === 'user');
    const other = await makeTenant(ctx);
    assert.equal((await revert(other.tenantId, asked.messageId)).status, 404, "another tenant's message");

    const reverted = await revert(tenant.tenantId, asked.messageId, { publish: true });
    assert.equal(reverted.status, 201, reverted.raw);
    assert.equal(reverted.body.versionNumber, 3);
    assert.equal(reverted.body.status, 'published');
    assert.equal(reverted.body.content.buttonTitles['book-demo'], 'Book a demo');
    const audience = (await ctx.request({ method: 'GET', url: base, key: tenant.key })).body;
    assert.equal(audience.effectiveContent.buttonTitles['book-demo'], 'Book a demo');
    const after = (await ctx.request({ method: 'GET', url: `${base}/messages`, key: tenant.key })).body;
    assert.match(
      after.messages.at(-1).content,
      /^Restored version 1\. Undoes "Rename the Book a demo button/,
    );
  });

  it('answers 409 when no earlier version holds content', async () => {
    const tenant = await makeTenant(ctx);
    const { base } = await audienceWithTwoVersions(ctx, tenant);
    const conversation = (await ctx.request({ method: 'GET', url: `${base}/messages`, key: tenant.key }))
      .body;
    const firstReply = conversation.messages[0];
    assert.equal(firstReply.role, 'agent', "version 1's reply");
    const response = await revert(tenant.tenantId, firstReply.messageId);
    assert.equal(response.status, 409, response.raw);
  });
});
