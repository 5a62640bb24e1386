import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { explainSearch } from '../../../bench/bench.repository.js';
import { syntheticAssets, vocabulary } from '../../../bench/synthetic-assets.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { bulkCreateAssets } from './assets.service.js';
import { searchTerms } from './search-text.js';

// The benchmark (scripts/search-latency.ts) shows the same plans at 100,000 assets.
describeEachDatabase('asset search query plan', (ctx) => {
  it('matches words through the full-text index, not a scan of the assets', async (t) => {
    // On Citus the coordinator's plan is a Custom Scan over the tenant's shard; the shard's own
    // plan is PostgreSQL's, checked here on plain PostgreSQL.
    if (process.env.TEST_CITUS_URL) return t.skip('the plan shape is checked on plain PostgreSQL');
    const tenant = await makeTenant(ctx);
    await bulkCreateAssets(ctx.database.db, tenant.tenantId, syntheticAssets(10_000, 7));
    if (ctx.dialect === 'postgres') await sql`analyze assets`.execute(ctx.database.db);
    const words = vocabulary(3000);
    // Selective queries: on a small table PostgreSQL rightly prefers a sequential scan for a word
    // found in a large share of the rows; at 100,000 assets it uses the index for those too.
    for (const query of [`${words[1500]} ${words[2200]!.slice(0, 4)}`, words[2500]!]) {
      const plan = await explainSearch(ctx.database.db, tenant.tenantId, {
        terms: searchTerms(query)!,
        assetType: undefined,
        after: null,
        limit: 21,
      });
      if (ctx.dialect === 'sqlite') {
        assert.match(plan, /SCAN f VIRTUAL TABLE INDEX \d+:M/, plan);
        // Ranking reads each match by the FTS rowid (migration 0011), not through assets' key.
        assert.match(plan, /SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)/, plan);
        assert.doesNotMatch(plan, /SCAN a\b/, plan);
      } else {
        assert.match(plan, /Bitmap Index Scan on assets_search/, plan);
        assert.doesNotMatch(plan, /Seq Scan/, plan);
      }
    }
  });
});
