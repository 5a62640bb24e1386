import assert from 'node:assert/strict';
import { it } from 'node:test';
import { completion, testAgent, useChatServer } from '../../test/agent/chat-completions.fixture.js';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../test/pages-factories.js';
import type { AgentInput, PageAgent } from '../agent/page-agent.js';
import { findVersion } from '../features/audiences/versions.repository.js';

const server = useChatServer();

const tooLongTitle = 'T'.repeat(120);
const answer = (title: string) => ({
  reply: 'I tightened the title.',
  reasoning: 'Shorter reads better.',
  changes: [{ field: 'metaTitle', newValue: title }],
});

describeEachDatabase('a proposal that fails validation is asked for once more (issue 33)', (ctx) => {
  it('the model is told what was wrong, and its second answer makes the draft', async () => {
    const tenant = await makeTenant(ctx);
    const { versionId } = await makeAudience(ctx, tenant);
    server.chat.answers.push(completion(answer(tooLongTitle)), completion(answer('Close your books faster')));
    await drain(makeWorker(ctx, tenant, testAgent(server.chat.baseUrl), { maxAttempts: 1 }));
    assert.equal(server.chat.received.length, 2, 'one more call, within the same attempt');
    const messages = server.chat.received[1]!.body.messages as { role: string; content: string }[];
    const last = messages.at(-1)!;
    assert.equal(last.role, 'user');
    assert.match(last.content, /refused your previous answer.*failed validation/);
    assert.match(last.content, /metaTitle/);
    assert.doesNotMatch(
      (server.chat.received[0]!.body.messages as { content: string }[]).at(-1)!.content,
      /refused your previous answer/,
      'the first call is the plain request',
    );
    const version = (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
    assert.equal(version.status, 'draft', version.last_error ?? '');
    assert.equal(version.attempts, 1);
    assert.equal(JSON.parse(version.content!).metaTitle, 'Close your books faster');
  });

  it('a second invalid answer cancels the version with the problems, not retried', async () => {
    const tenant = await makeTenant(ctx);
    const { versionId } = await makeAudience(ctx, tenant);
    server.chat.answers.push(completion(answer(tooLongTitle)), completion('not json at all'));
    await drain(makeWorker(ctx, tenant, testAgent(server.chat.baseUrl), { maxAttempts: 3 }));
    assert.equal(server.chat.received.length, 2, 'two calls, then it stops');
    const version = (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
    assert.equal(version.status, 'cancelled');
    assert.equal(version.attempts, 1);
    assert.match(version.last_error!, /failed validation twice/);
    assert.match(version.last_error!, /not valid JSON/);
  });

  it("the worker's own checks: the agent gets their problems, and both runs' usage is recorded", async () => {
    const tenant = await makeTenant(ctx);
    const { versionId } = await makeAudience(ctx, tenant);
    const fake = new FakeAgent();
    const inputs: AgentInput[] = [];
    // First a result whose changes do not match its content (the worker's check refuses it).
    const sloppy: PageAgent = {
      name: 'openai',
      run: async (input) => {
        inputs.push(input);
        const good = await fake.run(input);
        const usage = { model: 'm', inputTokens: 100, outputTokens: 10, costUsd: 0.001, calls: 1 };
        return input.rejected === undefined ? { ...good, changes: [], usage } : { ...good, usage };
      },
    };
    await drain(makeWorker(ctx, tenant, sloppy));
    assert.equal(inputs.length, 2);
    assert.equal(inputs[0]!.rejected, undefined);
    assert.ok(
      inputs[1]!.rejected!.problems.some((p) => /changes/.test(p)),
      inputs[1]!.rejected!.problems.join(),
    );
    const version = (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
    assert.equal(version.status, 'draft', version.last_error ?? '');
    assert.equal(version.agent_calls, 2);
    assert.equal(version.agent_input_tokens, 200);
    assert.equal(version.agent_cost_micros, 2000);
  });
});
