import assert from 'node:assert/strict';
import { it } from 'node:test';
import { signInAs } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../../test/pages-factories.js';

describeEachDatabase(
  'POST /admin/v0/tenants/{tenant}/pages/{pageId}/audiences/{audienceId}/messages',
  (ctx) => {
    it("sends an operator's message to the audience's agent (editor), with the /v0 rules; a viewer is refused", async () => {
      const tenant = await makeTenant(ctx);
      const { pageId, audienceId } = await makeAudience(ctx, tenant);
      const agent = new FakeAgent();
      await drain(makeWorker(ctx, tenant, agent));
      const url = `/admin/v0/tenants/${tenant.tenantId}/pages/${pageId}/audiences/${audienceId}/messages`;
      const viewer = await signInAs(ctx, tenant.tenantId, 'viewer');
      assert.equal((await viewer.request('POST', url, { message: 'title: Nope' })).status, 403);
      const editor = await signInAs(ctx, tenant.tenantId, 'editor');
      const body = { message: 'title: Talk to sales', clientMessageId: 'console-1' };
      const sent = await editor.request('POST', url, body);
      assert.equal(sent.status, 202, sent.raw);
      const replay = await editor.request('POST', url, body);
      assert.equal(replay.status, 202);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(
        replay.body.versionId ?? replay.body.messageId,
        sent.body.versionId ?? sent.body.messageId,
      );
      await drain(makeWorker(ctx, tenant, agent));
      assert.equal(agent.inputs.at(-1)?.request?.message, 'title: Talk to sales');
      const bad = await editor.request('POST', url, { message: 42 });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.errors[0].pointer, '/message');
      const other = await makeTenant(ctx);
      const foreign = `/admin/v0/tenants/${tenant.tenantId}/pages/${pageId}/audiences/${(await makeAudience(ctx, other)).audienceId}/messages`;
      assert.equal((await editor.request('POST', foreign, { message: 'hi' })).status, 404);
    });
  },
);
