import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { revokeApiKey } from '../../src/features/tenants/api-keys.repository.js';
import { createApiKey, revokeKey } from '../../src/features/tenants/tenants.service.js';
import { makeTenant } from '../factories.js';
import { describeEachDatabase, testConfig } from '../harness.js';

describeEachDatabase(
  'API key cache',
  (ctx) => {
    // The broadcast off (no LISTEN, no poll: test/key-revocation-processes.test.ts tests it): the TTL is the bound.
    it('without NOTIFY or the poll, a key revoked by another process stops working here once the cache entry expires (API_KEY_CACHE_TTL_MS)', async () => {
      const tenant = await makeTenant(ctx);
      const key = await createApiKey(ctx.database.db, tenant.tenantId);
      const get = () => ctx.request({ method: 'GET', url: '/v0/persons', key: key.apiKey });
      const cachedAt = performance.now();
      assert.equal((await get()).status, 200);
      // Written as another process (a CLI, another node) revokes it: this process is not told.
      assert.equal(await revokeApiKey(ctx.database.db, key.keyId, Date.now()), 'revoked');
      const stillCached = await get();
      // On a slow machine the TTL may already have run out: only a request inside it proves the cache.
      if (performance.now() - cachedAt < ctx.config.apiKeyCacheTtlMs * 0.8) {
        assert.equal(stillCached.status, 200, 'within the TTL the cached verdict still holds');
      }
      await sleep(ctx.config.apiKeyCacheTtlMs + 50);
      assert.equal((await get()).status, 401);
    });

    it('a key revoked through this process stops working here at once', async () => {
      const tenant = await makeTenant(ctx);
      const key = await createApiKey(ctx.database.db, tenant.tenantId);
      const get = () => ctx.request({ method: 'GET', url: '/v0/persons', key: key.apiKey });
      assert.equal((await get()).status, 200);
      await revokeKey(ctx.database.db, key.keyId);
      assert.equal((await get()).status, 401);
    });

    it('stores only a hash of the key', async () => {
      const tenant = await makeTenant(ctx);
      const rows = await ctx.database.db
        .selectFrom('api_keys')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .execute();
      assert.equal(rows.length, 1);
      assert.notEqual(rows[0]!.key_hash, tenant.key);
      assert.ok(!JSON.stringify(rows).includes(tenant.key));
      assert.ok(tenant.key.startsWith(rows[0]!.prefix));
    });
  },
  {
    config: {
      apiKeyCacheTtlMs: 1500,
      apiKeyRevocationPollMs: 0,
      events: { ...testConfig().events, listen: false },
    },
  },
);
