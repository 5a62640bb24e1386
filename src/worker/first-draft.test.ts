import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { drain, makeAudience, makeWorker } from '../../test/pages-factories.js';
import { BuiltinAgent } from '../agent/builtin-agent.js';
import { publishVersion } from '../features/audiences/versions.service.js';

describeEachDatabase('the first draft of an audience', (ctx) => {
  it("keeps the operator's supplementaryContext and adds the agent's summary after it", async () => {
    const tenant = await makeTenant(ctx);
    const notes = 'Met at the FinOps Summit; budget review in Q3.';
    const { pageId, audienceId, versionId } = await makeAudience(ctx, tenant, undefined, {
      supplementaryContext: notes,
    });
    await drain(makeWorker(ctx, tenant, new BuiltinAgent()));
    const read = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    assert.equal(read.status, 200, read.raw);
    const context: string = read.body.context.currentSupplementaryContext;
    assert.ok(context.startsWith(`${notes}\n\nAudience: `), context);
    await publishVersion(ctx.database.db, tenant.tenantId, versionId);
    const audience = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}`,
      key: tenant.key,
    });
    assert.ok(audience.body.supplementaryContext.startsWith(notes), audience.body.supplementaryContext);
  });
});
