import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  completion,
  goodAnswer,
  json,
  testAgent,
  useChatServer,
} from '../../test/agent/chat-completions.fixture.js';
import { makeTenant, type TestTenant } from '../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../test/harness.js';
import { drain, makeAudience, makePage, makeWorker } from '../../test/pages-factories.js';
import { BuiltinAgent } from '../agent/builtin-agent.js';
import { sendMessage } from '../features/audiences/conversation.service.js';
import { findVersion } from '../features/audiences/versions.repository.js';
import { DEMO_PAGE } from '../seed/pages.js';

const server = useChatServer();

async function replyOf(
  ctx: TestContext,
  tenant: TestTenant,
  pageId: string,
  audienceId: string,
  versionId: string,
) {
  const read = await ctx.request({
    method: 'GET',
    url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
    key: tenant.key,
  });
  return read.body.messages.find(
    (m: { role: string; versionId: string }) => m.role === 'agent' && m.versionId === versionId,
  );
}

describeEachDatabase('retries: one budget per version, none for a failure that would repeat', (ctx) => {
  it('cancels at once, saying why, when the checks refuse a result the page makes impossible', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    // A page written before pages were checked at the door: its primary action is not a web link.
    const actions = DEMO_PAGE.actions!.map((a, i) => (i === 0 ? { ...a, url: 'javascript:alert(1)' } : a));
    await ctx.database.db
      .updateTable('pages')
      .set({ actions: JSON.stringify(actions) })
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', page.id)
      .execute();
    const { audienceId, versionId } = await makeAudience(ctx, tenant, page.id);
    await drain(makeWorker(ctx, tenant, new BuiltinAgent(), { maxAttempts: 3 }));
    const version = (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
    assert.equal(version.status, 'cancelled');
    assert.equal(version.attempts, 1, 'not retried: the same input is refused the same way');
    const reply = await replyOf(ctx, tenant, page.id, audienceId, versionId);
    assert.equal(reply.isInterrupted, true);
    assert.match(reply.content, /actionUrl must be an http\(s\) URL/);
    assert.match(reply.content, /to fix: the page's actions\/0\/url: url must be an absolute http\(s\) URL/);
    assert.match(reply.content, /Trying again would give the same result/);
    assert.match(reply.content, /correct the page or the audience, then create a new version/);
    assert.doesNotMatch(reply.content, /send your message again/i);
  });

  it('cancels at once when the model server refuses the request (4xx), naming the setting to fix', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    await drain(makeWorker(ctx, tenant, new BuiltinAgent()));
    const { accepted } = await sendMessage(ctx.database.db, tenant.tenantId, pageId, audienceId, {
      message: 'go',
    });
    server.chat.answers.push(json(401, { error: { message: 'Incorrect API key provided' } }));
    await drain(makeWorker(ctx, tenant, testAgent(server.chat.baseUrl), { maxAttempts: 3 }));
    assert.equal(server.chat.received.length, 1);
    const version = (await findVersion(ctx.database.db, tenant.tenantId, accepted.versionId))!;
    assert.equal(version.status, 'cancelled');
    assert.equal(version.attempts, 1);
    const reply = await replyOf(ctx, tenant, pageId, audienceId, accepted.versionId);
    assert.match(reply.content, /HTTP 401/);
    assert.match(reply.content, /OPENAI_API_KEY/);
    assert.match(reply.content, /once that is fixed, send your message again/);
  });

  it('retries transient failures within AGENT_MAX_ATTEMPTS model calls for the whole version', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId, versionId } = await makeAudience(ctx, tenant);
    for (let i = 0; i < 9; i++)
      server.chat.answers.push(json(500, { error: { message: 'upstream exploded' } }));
    await drain(
      makeWorker(ctx, tenant, testAgent(server.chat.baseUrl, { maxAttempts: 3 }), { maxAttempts: 3 }),
    );
    assert.equal(server.chat.received.length, 3, 'three calls in all, not three per attempt');
    const version = (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
    assert.equal(version.status, 'cancelled');
    assert.equal(version.attempts, 3);
    const reply = await replyOf(ctx, tenant, pageId, audienceId, versionId);
    assert.match(reply.content, /after 3 attempts/);
    assert.match(reply.content, /HTTP 500: .*upstream exploded/);
    assert.match(reply.content, /usually temporary: create a new version/);
  });

  it('a transient failure followed by a good answer makes a draft', async () => {
    const tenant = await makeTenant(ctx);
    const { versionId } = await makeAudience(ctx, tenant);
    server.chat.answers.push(
      json(503, 'busy'),
      completion({ ...goodAnswer, changes: goodAnswer.changes.slice(0, 1) }),
    );
    await drain(makeWorker(ctx, tenant, testAgent(server.chat.baseUrl), { maxAttempts: 3 }));
    assert.equal(server.chat.received.length, 2);
    const version = (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
    assert.equal(version.status, 'draft', version.last_error ?? '');
    assert.equal(version.attempts, 2);
  });
});
