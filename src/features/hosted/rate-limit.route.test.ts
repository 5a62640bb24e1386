import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';

describeEachDatabase(
  'hosted pages: per-address rate limit',
  (ctx) => {
    it('answers 429 past the burst, for pages and beacons alike', async () => {
      const tenant = await makeTenant(ctx);
      const f = await hostedFixture(ctx, tenant);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await ctx.request({ method: 'GET', url: f.pageUrl })).status);
      const beacon = await ctx.request({ method: 'POST', url: `${f.personUrl}/view`, body: {} });
      assert.deepEqual(statuses, [200, 200, 429]);
      assert.equal(beacon.status, 429);
      assert.ok(Number(beacon.headers['retry-after']) >= 1);
    });
  },
  { config: { hostedRateLimitPerSecond: 1, hostedRateLimitBurst: 2 } },
);
