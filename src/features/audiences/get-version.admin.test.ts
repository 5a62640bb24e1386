import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet, audienceScenario } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../../test/pages-factories.js';
import type { AgentUsage, PageAgent } from '../../agent/page-agent.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/versions/{versionId}', (ctx) => {
  it("shows a version with its content and status timestamps; another tenant's is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/versions/${s.general.versionId}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.status, 'published');
    assert.match(shown.body.publishedAt, /Z$/);
    assert.match(shown.body.queuedAt, /Z$/);
    assert.equal(typeof shown.body.content.metaTitle, 'string');
    assert.deepEqual(
      shown.body.agentUsage,
      { agent: 'fake', model: null, calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
      'an agent that calls no model costs nothing',
    );
    const other = await makeTenant(ctx);
    assert.equal(
      (await adminGet(ctx, `/tenants/${other.tenantId}/versions/${s.general.versionId}`)).status,
      404,
    );
  });

  it('records the tokens, calls and cost of the agent run that wrote the version (issue 33)', async () => {
    const tenant = await makeTenant(ctx);
    const fake = new FakeAgent();
    let usage: AgentUsage = {
      model: 'gpt-test',
      inputTokens: 1200,
      outputTokens: 300,
      costUsd: 0.00036,
      calls: 2,
    };
    const metered: PageAgent = {
      name: 'openai',
      run: async (input) => ({ ...(await fake.run(input)), usage }),
    };
    const priced = await makeAudience(ctx, tenant);
    await drain(makeWorker(ctx, tenant, metered));
    usage = { ...usage, costUsd: null };
    const unpriced = await makeAudience(ctx, tenant);
    await drain(makeWorker(ctx, tenant, metered));
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/versions/${priced.versionId}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.deepEqual(shown.body.agentUsage, {
      agent: 'openai',
      model: 'gpt-test',
      calls: 2,
      inputTokens: 1200,
      outputTokens: 300,
      costUsd: 0.00036,
    });
    const none = await adminGet(ctx, `/tenants/${tenant.tenantId}/versions/${unpriced.versionId}`);
    assert.equal(none.body.agentUsage.costUsd, null, 'no price configured: the cost is unknown, not 0');
    assert.equal(none.body.agentUsage.inputTokens, 1200);
    const listed = await adminGet(ctx, `/tenants/${tenant.tenantId}/audiences/${priced.audienceId}/versions`);
    assert.equal(listed.status, 200, listed.raw);
    assert.equal(listed.body.items[0].agentUsage.outputTokens, 300, 'the list shows it too');
  });
});
