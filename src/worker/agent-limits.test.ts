import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../test/admin-client.js';
import { makeTenant, type TestTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from '../../test/pages-factories.js';
import type { AgentInput, AgentUsage, PageAgent } from '../agent/page-agent.js';

/** A model agent as the worker sees it: the fake agent's result with the usage of one model call. */
function meteredAgent(usage: AgentUsage): PageAgent & { inputs: AgentInput[] } {
  const fake = new FakeAgent();
  return {
    name: 'openai',
    inputs: fake.inputs,
    run: async (input) => ({ ...(await fake.run(input)), usage }),
  };
}

describeEachDatabase('page agent limits per tenant (issue 33)', (ctx) => {
  async function audiences(tenant: TestTenant, count: number) {
    const page = await makePage(ctx, tenant);
    const made = [];
    for (let i = 0; i < count; i++) made.push(await makeAudience(ctx, tenant, page.id));
    return made;
  }

  it('cancels a version once the tenant used its daily token budget, with a reply saying so', async () => {
    const tenant = await makeTenant(ctx);
    const agent = meteredAgent({ model: 'm', inputTokens: 600, outputTokens: 200, costUsd: null, calls: 1 });
    const [a, b, c] = await audiences(tenant, 3);
    await drain(makeWorker(ctx, tenant, agent, { limits: { dailyTokenBudget: 1000 } }));
    assert.equal(agent.inputs.length, 2, 'the third run is refused before it calls the agent');
    for (const ok of [a!, b!]) {
      const v = await adminGet(ctx, `/tenants/${tenant.tenantId}/versions/${ok.versionId}`);
      assert.equal(v.body.status, 'draft');
    }
    const refused = await adminGet(ctx, `/tenants/${tenant.tenantId}/versions/${c!.versionId}`);
    assert.equal(refused.body.status, 'cancelled');
    assert.equal(refused.body.attempts, 1, 'cancelled at once, not retried');
    assert.match(refused.body.lastError, /daily page-agent budget: 1,600 of 1,000 tokens today/);
    // What the console shows: the agent's interrupted reply in the conversation.
    const read = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${c!.pageId}/audiences/${c!.audienceId}/messages`,
      key: tenant.key,
    });
    const reply = read.body.messages.at(-1);
    assert.equal(reply.role, 'agent');
    assert.equal(reply.isInterrupted, true);
    assert.match(reply.content, /daily page-agent budget: 1,600 of 1,000 tokens today.*renews at .* UTC/);
  });

  it("a tenant's own token budget replaces the default; a cost budget counts dollars", async () => {
    const roomy = await makeTenant(ctx);
    const agent = meteredAgent({
      model: 'm',
      inputTokens: 600,
      outputTokens: 200,
      costUsd: 0.0006,
      calls: 1,
    });
    await audiences(roomy, 3);
    await drain(
      makeWorker(ctx, roomy, agent, {
        limits: { dailyTokenBudget: 1000, tenantDailyTokenBudgets: { [roomy.tenantId]: 10_000 } },
      }),
    );
    assert.equal(agent.inputs.length, 3, 'all three within the tenant’s own budget');

    const priced = await makeTenant(ctx);
    const [, , last] = await audiences(priced, 3);
    await drain(makeWorker(ctx, priced, agent, { limits: { dailyCostBudgetUsd: 0.001 } }));
    const refused = await adminGet(ctx, `/tenants/${priced.tenantId}/versions/${last!.versionId}`);
    assert.equal(refused.body.status, 'cancelled');
    assert.match(refused.body.lastError, /daily page-agent budget: \$0\.0012 of \$0\.0010 today/);
  });

  it("one tenant's many queued drafts take turns with another tenant's", async () => {
    const busy = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    const many = await audiences(busy, 5);
    const [one] = await audiences(other, 1);
    const agent = new FakeAgent();
    await drain(makeWorker(ctx, busy, agent, { alsoTenants: [other] }));
    const order = agent.inputs.map((input) => input.audience.audienceId);
    assert.equal(order.length, 6);
    assert.equal(order[0], many[0]!.audienceId, 'the oldest first');
    assert.equal(order[1], one!.audienceId, 'then the other tenant, before the busy tenant’s second');
  });

  it('runs at most AGENT_TENANT_CONCURRENCY of a tenant’s versions at once; the rest go to others', async () => {
    const busy = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    await audiences(busy, 3);
    const [one] = await audiences(other, 1);
    const started: AgentInput[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = new FakeAgent();
    const blocking: PageAgent = {
      name: 'blocking',
      run: async (input) => {
        started.push(input);
        await gate;
        return fake.run(input);
      },
    };
    const options = { alsoTenants: [other], limits: { tenantConcurrency: 1 } };
    const workers = [0, 1, 2].map(() => makeWorker(ctx, busy, blocking, options));
    const first = workers[0]!.runOnce();
    while (started.length < 1) await new Promise((r) => setTimeout(r, 10));
    const second = workers[1]!.runOnce();
    while (started.length < 2) await new Promise((r) => setTimeout(r, 10));
    assert.equal(started[1]!.audience.audienceId, one!.audienceId, 'the busy tenant is at its limit');
    assert.equal(await workers[2]!.runOnce(), 'idle', 'both tenants are at their limit');
    release();
    assert.deepEqual(await Promise.all([first, second]), ['processed', 'processed']);
    assert.equal(await drain(workers[2]!), 2, 'the busy tenant’s other two, once its run ended');
  });
});
