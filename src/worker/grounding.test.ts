import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { drain, makeAudience, makeWorker } from '../../test/pages-factories.js';
import { BuiltinAgent } from '../agent/builtin-agent.js';
import type { PageAgent } from '../agent/page-agent.js';
import { withField } from '../domain/audience-content.js';
import { findVersion } from '../features/audiences/versions.repository.js';

/**
 * Issue 31: no version states a figure or a name Quire does not know, whatever agent wrote it. This
 * agent (not the OpenAI one, which checks itself) writes a headline claiming a customer and a figure.
 */
const boastful: PageAgent = {
  name: 'boastful',
  run: async (input) => {
    const headline = 'Loved by Shopify, who close 73% faster';
    return {
      reply: 'I made the headline more convincing.',
      reasoning: 'Social proof converts.',
      content: withField(input.current, input.page, 'headline', headline),
      changes: [{ field: 'headline', previousValue: input.current.headline ?? '', newValue: headline }],
    };
  },
};

describeEachDatabase('the version worker holds every agent to grounding', (ctx) => {
  it('refuses an invented customer and figure from any agent: no version written, the reply says what', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    await drain(makeWorker(ctx, tenant, new BuiltinAgent()));
    const sent = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
      body: { message: 'make the headline more convincing' },
    });
    assert.equal(sent.status, 202, sent.raw);
    await drain(makeWorker(ctx, tenant, boastful));

    const asked = (await findVersion(ctx.database.db, tenant.tenantId, sent.body.versionId))!;
    assert.equal(asked.status, 'cancelled', 'answered, not drafted');
    assert.equal(asked.content, null);
    const read = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    const reply = read.body.messages.filter((m: { role: string }) => m.role === 'agent').at(-1).content;
    assert.match(reply, /^I refused the edit and changed nothing: it claimed “73%”, “Shopify”/);
    const audience = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}`,
      key: tenant.key,
    });
    assert.doesNotMatch(JSON.stringify(audience.body), /Shopify|73%/);
  });
});
