import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAsset } from '../../../test/asset-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { countAssetsByWords, SEARCH_CANDIDATES, searchAssetsByWords } from './assets-search.repository.js';
import { searchTerms } from './search-text.js';

// The cost limit of a search (issue 14, item 5): only the newest SEARCH_CANDIDATES matches are
// ranked, so a word found in most of a large tenant's assets costs a bounded amount of work.
describeEachDatabase('asset search cost limit', (ctx) => {
  it('ranks only the newest candidates; the count stays exact', async () => {
    const tenant = await makeTenant(ctx);
    for (let i = 0; i < 5; i++) {
      await makeAsset(ctx, tenant, { name: `Zebra ${i}` });
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const terms = searchTerms('zebra')!;
    const options = { terms, assetType: undefined, after: null, limit: 10 };
    const all = await searchAssetsByWords(ctx.database.db, tenant.tenantId, options);
    assert.equal(all.length, 5, `the default cap (${SEARCH_CANDIDATES}) is far above five`);
    const capped = await searchAssetsByWords(ctx.database.db, tenant.tenantId, { ...options, candidates: 3 });
    assert.deepEqual(
      capped.map((a) => a.name).sort(),
      ['Zebra 2', 'Zebra 3', 'Zebra 4'],
      'the three newest matches',
    );
    assert.equal(await countAssetsByWords(ctx.database.db, tenant.tenantId, terms, undefined), 5);
  });
});

describeEachDatabase(
  'asset search cost budget per tenant',
  (ctx) => {
    it('a tenant past its search budget gets 429 with Retry-After; another tenant still searches', async () => {
      const busy = await makeTenant(ctx);
      const other = await makeTenant(ctx);
      for (let i = 0; i < 30; i++) await makeAsset(ctx, busy, { name: `Walrus ${i}` });
      await makeAsset(ctx, other, { name: 'Walrus' });
      // 1 ms of search per second: the first search's few milliseconds take seconds to pay back.
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof ctx.request>> | undefined;
      for (let i = 0; i < 5 && refused === undefined; i++) {
        const response = await ctx.request({
          method: 'GET',
          url: '/v0/assets/search?query=walrus',
          key: busy.key,
        });
        statuses.push(response.status);
        if (response.status === 429) refused = response;
      }
      assert.equal(statuses[0], 200);
      assert.ok(refused, `refused at last: ${statuses}`);
      assert.equal(refused.body.code, 'rate_limited');
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      const neighbour = await ctx.request({
        method: 'GET',
        url: '/v0/assets/search?query=walrus',
        key: other.key,
      });
      assert.equal(neighbour.status, 200);
      // Listing without words is cheap and not budgeted.
      const list = await ctx.request({ method: 'GET', url: '/v0/assets/search', key: busy.key });
      assert.equal(list.status, 200);
    });
  },
  { config: { searchMsPerSecond: 1 } },
);
