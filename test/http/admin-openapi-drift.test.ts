import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { adminGet } from '../admin-client.js';
import { describeEachDatabase } from '../harness.js';

describeEachDatabase('docs/admin-openapi.json', (ctx) => {
  it('is exactly what the server serves (run `npm run openapi` after changing an admin route)', async () => {
    const served = (await adminGet(ctx, '/openapi.json')).body;
    const committed = JSON.parse(fs.readFileSync('docs/admin-openapi.json', 'utf8'));
    assert.deepEqual(
      served,
      committed,
      'docs/admin-openapi.json is stale: run `npm run openapi` and commit it',
    );
  });
});
