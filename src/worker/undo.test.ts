import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../test/pages-factories.js';
import { BuiltinAgent } from '../agent/builtin-agent.js';
import { DEMO_PAGE } from '../seed/pages.js';

describeEachDatabase('undo: the worker gives the agent the last version’s changes', (ctx) => {
  async function send(tenant: { key: string }, pageId: string, audienceId: string, message: string) {
    const sent = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
      body: { message },
    });
    assert.equal(sent.status, 202, sent.raw);
  }

  it('"undo that" and "go back to the previous version" restore what the last version changed', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const worker = makeWorker(ctx, tenant, new BuiltinAgent());
    await drain(worker);
    const fake = new FakeAgent();
    // Version 2: the built-in agent sets the headline.
    await send(tenant, pageId, audienceId, 'Change the headline to "Forecasts Acme can trust"');
    await drain(worker);
    await send(tenant, pageId, audienceId, 'Change the title to "Step two"');
    await drain(worker);
    // Version 4 undoes version 3 only (the title), not the headline of version 2.
    await send(tenant, pageId, audienceId, 'undo that');
    const spy = makeWorker(ctx, tenant, {
      name: 'spy',
      run: async (input, signal) => {
        await fake.run(input);
        return new BuiltinAgent().run(input, signal);
      },
    });
    await drain(spy);
    const input = fake.inputs[0]!;
    assert.deepEqual(
      input.lastChanges?.map((c) => [c.field, c.newValue]),
      [['metaTitle', 'Step two']],
      'the changes of the latest version, from the one before it',
    );
    assert.equal(input.current.metaTitle, 'Step two');
    assert.equal(input.current.headline, 'Forecasts Acme can trust');
    const after = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    assert.notEqual(after.body.context.currentMetaTitle, 'Step two', 'the title is back');
    assert.equal(after.body.context.currentMetaTitle, input.lastChanges![0]!.previousValue);

    await send(tenant, pageId, audienceId, 'go back to the previous version');
    await drain(worker);
    const again = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    assert.equal(again.body.context.currentMetaTitle, 'Step two', 'undoing the undo redoes it');
  });

  it('the first draft has its changes from the original, so undoing it restores the page’s text', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const worker = makeWorker(ctx, tenant, new BuiltinAgent());
    await drain(worker);
    const before = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    const draftedTitle = before.body.context.currentMetaTitle as string;
    await send(tenant, pageId, audienceId, 'Undo that');
    await drain(worker);
    const after = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    assert.notEqual(after.body.context.currentMetaTitle, draftedTitle);
    assert.equal(after.body.context.currentMetaTitle, DEMO_PAGE.metadata?.title, 'the page’s own meta title');
  });
});

describeEachDatabase('a message answered without a change makes no version (issues 30, 33)', (ctx) => {
  it('a question gets its reply in the conversation; its version is closed as answered, with nothing to publish', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const worker = makeWorker(ctx, tenant, new BuiltinAgent());
    await drain(worker);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const sent = await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { message: 'Who is this page for?' },
    });
    assert.equal(sent.status, 202, sent.raw);
    await drain(worker);
    const read = await ctx.request({ method: 'GET', url, key: tenant.key });
    const reply = read.body.messages.at(-1);
    assert.equal(reply.role, 'agent');
    assert.equal(reply.versionId, sent.body.versionId);
    assert.equal(reply.isInterrupted, false);
    assert.deepEqual(reply.changes, []);
    const version = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/versions/${sent.body.versionId}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(version.body.status, 'cancelled', 'no draft, so no Publish');
    assert.equal(version.body.content, null);
    assert.equal(version.body.lastError, null);
    assert.equal(version.body.agentUsage.agent, 'builtin');
    const audience = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}`,
      key: tenant.key,
    });
    assert.equal(audience.body.latestVersion.versionNumber, 2);
    // The next edit still builds on version 1's content, and makes version 3.
    await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { message: 'Change the title to "Next"' },
    });
    await drain(worker);
    const after = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(after.body.context.currentMetaTitle, 'Next');
  });
});
