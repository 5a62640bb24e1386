import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase, openSameDatabase, testConfig } from '../../test/harness.js';
import { hostedFixture } from '../../test/hosted-factories.js';
import { buildApp } from '../app.js';
import type { Database } from './database.js';
import { HOSTED_PAGES_SECRET, instanceSecret, withInstanceSecrets } from './instance-secrets.js';

describeEachDatabase('instance secrets', (ctx) => {
  let second: Database;
  before(() => {
    second = openSameDatabase(ctx);
  });
  after(() => second.close());

  it('makes one secret however many processes ask at once, and keeps it', async () => {
    const name = `test-${randomUUID()}`;
    const asked = await Promise.all(
      Array.from({ length: 6 }, (_, i) => instanceSecret((i % 2 === 0 ? ctx.database : second).db, name)),
    );
    assert.match(asked[0]!, /^[0-9a-f]{64}$/);
    assert.deepEqual(new Set(asked), new Set([asked[0]]), 'every caller got the same secret');
    assert.equal(await instanceSecret(second.db, name), asked[0]);
    assert.notEqual(await instanceSecret(ctx.database.db, `test-${randomUUID()}`), asked[0]);
  });

  it('uses HOSTED_PAGES_SECRET when set, else the shared one', async () => {
    const shared = await instanceSecret(ctx.database.db, HOSTED_PAGES_SECRET);
    const own = 'b'.repeat(16) + 'c'.repeat(16);
    assert.equal((await withInstanceSecrets(second.db, testConfig())).hostedPagesSecret, shared);
    assert.equal(
      (await withInstanceSecrets(second.db, testConfig({ hostedPagesSecret: own }))).hostedPagesSecret,
      own,
    );
  });

  it('verifies a preview link made by one app in another app on the same database', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const audience = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${f.page.id}/audiences/${f.personal.audienceId}`,
      key: tenant.key,
    });
    const preview = new URL(audience.body.publishedVersion.previewUrl);
    const path = `${preview.pathname}${preview.search}`;
    const other = await buildApp({ config: testConfig(), database: second, logger: false });
    const overridden = await buildApp({
      config: testConfig({ hostedPagesSecret: 'd'.repeat(40) }),
      database: second,
      logger: false,
    });
    try {
      const there = await other.inject({ method: 'GET', url: path });
      assert.equal(there.statusCode, 200, there.body);
      assert.match(there.body, /for Grace Hopper/);
      // A process with its own HOSTED_PAGES_SECRET signs (and verifies) with that one instead.
      assert.equal((await overridden.inject({ method: 'GET', url: path })).statusCode, 404);
    } finally {
      await other.close();
      await overridden.close();
    }
  });
});
