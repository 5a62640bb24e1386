import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { describeEachDatabase } from '../harness.js';

describeEachDatabase('docs/openapi.json', (ctx) => {
  it('is exactly what the server serves (run `npm run openapi` after changing a route)', async () => {
    const served = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
    const committed = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8'));
    assert.deepEqual(served, committed, 'docs/openapi.json is stale: run `npm run openapi` and commit it');
  });
});
