import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makeAudience } from '../../../test/pages-factories.js';

describeEachDatabase('POST /v0/pages/{page_id}/audiences/{audience_id}/versions', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const { pageId, audienceId } = await makeAudience(ctx, owner);
      return { method: 'POST', url: `/v0/pages/${pageId}/audiences/${audienceId}/versions`, body: {} };
    },
    okStatus: 201,
    otherTenant: { status: 404 },
  });

  it('numbers versions without gaps; a version waits as pending behind a queued one', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/versions`;
    const second = await ctx.request({ method: 'POST', url, key: tenant.key, body: {} });
    assert.equal(second.status, 201, second.raw);
    assert.equal(second.headers.location, `/v0/pages/${pageId}/audiences/${audienceId}`);
    assert.equal(second.body.versionNumber, 2);
    assert.equal(second.body.status, 'pending');
    assert.equal(second.body.queuedAt, null);
    assert.equal(second.body.queueDurationMs, null);
    assert.equal(second.body.content, null, 'extension: no content until the agent writes it');
    const more = await Promise.all(
      Array.from({ length: 8 }, () => ctx.request({ method: 'POST', url, key: tenant.key, body: {} })),
    );
    const numbers = more.map((r) => r.body.versionNumber).sort((a, b) => a - b);
    assert.deepEqual(numbers, [3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('replays the same version for a repeated operationKey, even concurrently', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/versions`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.request({ method: 'POST', url, key: tenant.key, body: { operationKey: 'op-1' } }),
      ),
    );
    assert.deepEqual(new Set(results.map((r) => r.status)), new Set([201]));
    assert.equal(new Set(results.map((r) => r.body.versionId)).size, 1);
    assert.equal(results.filter((r) => r.headers['idempotent-replayed'] === 'true').length, 5);
    const next = await ctx.request({ method: 'POST', url, key: tenant.key, body: { operationKey: 'op-2' } });
    assert.equal(next.body.versionNumber, 3, 'a replay hands out no number');
    // The key is per audience: another audience may use it.
    const other = await makeAudience(ctx, tenant, pageId);
    const elsewhere = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/audiences/${other.audienceId}/versions`,
      key: tenant.key,
      body: { operationKey: 'op-1' },
    });
    assert.equal(elsewhere.body.versionNumber, 2);
  });

  it('answers 400 naming operationKey outside 1..128 and writes nothing', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}/versions`;
    for (const [operationKey, code] of [
      ['', 'too_short'],
      ['k'.repeat(129), 'too_long'],
      [7, 'invalid_type'],
    ] as const) {
      const response = await ctx.request({ method: 'POST', url, key: tenant.key, body: { operationKey } });
      assert.equal(response.status, 400);
      assert.deepEqual(
        response.body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
        [['/operationKey', code]],
      );
    }
    const ok = await ctx.request({
      method: 'POST',
      url,
      key: tenant.key,
      body: { operationKey: 'k'.repeat(128) },
    });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.versionNumber, 2, 'rejected requests created no version');
  });
});
