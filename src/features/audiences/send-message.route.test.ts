import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../../test/pages-factories.js';
import { archiveAudience } from './audiences.service.js';

describeEachDatabase('POST /v0/pages/{page_id}/audiences/{audience_id}/messages', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const { pageId, audienceId } = await makeAudience(ctx, owner);
      return {
        method: 'POST',
        url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
        body: { message: 'Hello' },
      };
    },
    okStatus: 202,
    otherTenant: { status: 404 },
  });

  it('stores the message at once and answers 202 with the version it queued', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const sent = await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { message: 'Make it shorter' },
    });
    assert.equal(sent.status, 202, sent.raw);
    assert.equal(sent.body.accepted, true);
    assert.equal(sent.body.audienceId, audienceId);
    assert.match(sent.body.clientMessageId, /^[0-9a-f-]{36}$/, 'generated when omitted');
    assert.match(sent.body.versionId, /^version_/);
    const read = await ctx.request({ method: 'GET', url, key: tenant.key });
    const mine = read.body.messages.find((m: { content: string }) => m.content === 'Make it shorter');
    assert.equal(mine.role, 'user');
    assert.equal(mine.versionId, sent.body.versionId);
    assert.equal(mine.clientMessageId, sent.body.clientMessageId);
    const audience = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}`,
      key: tenant.key,
    });
    assert.equal(audience.body.latestVersion.versionId, sent.body.versionId);
    assert.equal(audience.body.latestVersion.status, 'pending', 'version 1 is still queued ahead of it');
  });

  it('replays a repeated clientMessageId, refuses it with another body, even concurrently', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const body = {
      message: 'Mention SOC 2',
      clientMessageId: 'c-1',
      selectedElement: { id: 'hero', kind: 'title' },
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ctx.request({ method: 'POST', url, key: tenant.key, body })),
    );
    assert.deepEqual(new Set(results.map((r) => r.status)), new Set([202]));
    assert.equal(new Set(results.map((r) => r.body.versionId)).size, 1);
    assert.equal(results.filter((r) => r.headers['idempotent-replayed'] === 'true').length, 5);
    const reordered = {
      clientMessageId: 'c-1',
      selectedElement: { kind: 'title', id: 'hero' },
      message: 'Mention SOC 2',
    };
    const replay = await ctx.request({ method: 'POST', url, key: tenant.key, body: reordered });
    assert.equal(replay.status, 202);
    const other = await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { ...body, message: 'Something else' },
    });
    assert.equal(other.status, 422);
    assert.equal(other.body.code, 'idempotency_key_reused');
    assert.equal(other.body.errors[0].pointer, '/clientMessageId');
    const read = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(read.body.messages.filter((m: { role: string }) => m.role === 'user').length, 1);
    assert.deepEqual(read.body.messages[0].selectedElement, { id: 'hero', kind: 'title' }, 'stored as sent');
  });

  it('hands the message and the selected element to the agent', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    await ctx.request({ method: 'POST', url, key: tenant.key, body: { message: 'first' } });
    await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { message: 'title: Hi', selectedElement: { id: 'hero' } },
    });
    const agent = new FakeAgent();
    await drain(makeWorker(ctx, tenant, agent));
    const inputs = agent.inputs;
    assert.deepEqual(
      inputs.map((i) => i.request?.message ?? null),
      [null, 'first', 'title: Hi'],
    );
    assert.deepEqual(inputs[2]!.request!.selectedElement, { id: 'hero' });
    // Both messages were sent before any reply existed: the conversation before the second is the first.
    assert.deepEqual(inputs[2]!.conversation, [{ role: 'user', content: 'first' }]);
    assert.deepEqual(inputs[1]!.conversation, [], 'nothing came before "first"');
  });

  it('answers 400 naming the field for each bound, writing nothing', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/messages`;
    const cases: [unknown, string, string][] = [
      [{ message: '' }, '/message', 'too_short'],
      [{ message: 'x'.repeat(50_001) }, '/message', 'too_long'],
      [{}, '/message', 'required'],
      [{ message: 5 }, '/message', 'invalid_type'],
      [{ message: 'x', clientMessageId: '' }, '/clientMessageId', 'too_short'],
      [{ message: 'x', clientMessageId: 'c'.repeat(101) }, '/clientMessageId', 'too_long'],
      [{ message: 'x', selectedElement: 'hero' }, '/selectedElement', 'invalid_type'],
      [{ message: 'x', role: 'agent' }, '/role', 'unknown_field'],
    ];
    for (const [body, pointer, code] of cases) {
      const response = await ctx.request({ method: 'POST', url, key: tenant.key, body });
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 80));
      assert.ok(
        response.body.errors.some(
          (e: { pointer: string; code: string }) => e.pointer === pointer && e.code === code,
        ),
        response.raw.slice(0, 300),
      );
    }
    const ok = await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { message: 'x'.repeat(50_000), clientMessageId: 'c'.repeat(100) },
    });
    assert.equal(ok.status, 202);
    const read = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(read.body.messages.length, 1, 'only the valid message was stored');
  });

  it('refuses a message to an archived audience with 409', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    await archiveAudience(ctx.database.db, tenant.tenantId, audienceId);
    const response = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
      body: { message: 'hi' },
    });
    assert.equal(response.status, 409);
  });
});
