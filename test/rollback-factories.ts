import assert from 'node:assert/strict';
import { BuiltinAgent } from '../src/agent/builtin-agent.js';
import type { TestTenant } from './factories.js';
import { ADMIN_TOKEN, type TestContext } from './harness.js';
import { drain, makeAudience, makeWorker } from './pages-factories.js';

/**
 * An audience of the demo page with version 1 drafted by the built-in agent and version 2 (the
 * message "Rename the Book a demo button to Talk to sales", which also sets the headline)
 * published through the admin API.
 */
export async function audienceWithTwoVersions(ctx: TestContext, tenant: TestTenant) {
  const { pageId, audienceId, versionId: v1 } = await makeAudience(ctx, tenant);
  const worker = makeWorker(ctx, tenant, new BuiltinAgent());
  await drain(worker);
  const base = `/v0/pages/${pageId}/audiences/${audienceId}`;
  const sent = await ctx.request({
    method: 'POST',
    url: `${base}/messages`,
    key: tenant.key,
    body: {
      message:
        'Rename the Book a demo button to "Talk to sales" and set the headline to "Sales will call you"',
    },
  });
  assert.equal(sent.status, 202, sent.raw);
  await drain(worker);
  const v2 = sent.body.versionId;
  const published = await ctx.request({
    method: 'POST',
    url: `/admin/v0/tenants/${tenant.tenantId}/versions/${v2}/publish`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  assert.equal(published.status, 200, published.raw);
  return { pageId, audienceId, base, v1, v2 };
}
