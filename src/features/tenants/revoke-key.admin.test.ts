import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { createApiKey } from './tenants.service.js';

describeEachDatabase(
  'admin API: revoke a key',
  (ctx) => {
    const revoke = (tenant: string, keyId: string) =>
      ctx.request({
        method: 'POST',
        url: `/admin/v0/tenants/${tenant}/keys/${keyId}/revoke`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });

    it('revokes a key of the tenant (twice is harmless); the key stops working', async () => {
      const tenant = await makeTenant(ctx);
      const key = await createApiKey(ctx.database.db, tenant.tenantId, 'leaked', ['persons:read']);
      const other = await makeTenant(ctx);
      assert.equal(
        (await revoke(other.tenantId, key.keyId)).status,
        404,
        "another tenant's key is not found",
      );

      const revoked = await revoke(tenant.tenantId, key.keyId);
      assert.equal(revoked.status, 200, revoked.raw);
      assert.match(revoked.body.revokedAt, /^\d{4}-/);
      const again = await revoke(tenant.tenantId, key.keyId);
      assert.equal(again.status, 200);
      assert.equal(again.body.revokedAt, revoked.body.revokedAt);
      const refused = await ctx.request({ method: 'GET', url: '/v0/persons', key: key.apiKey });
      assert.equal(refused.status, 401, refused.raw);
    });
  },
  { config: { apiKeyCacheTtlMs: 0 } },
);

describeEachDatabase('admin API: revoke a key whose verdict this process has cached', (ctx) => {
  it('the key stops working here at once, not when its cached verdict expires', async () => {
    assert.ok(ctx.config.apiKeyCacheTtlMs >= 1_000, 'the cache is on (its default)');
    const tenant = await makeTenant(ctx);
    const key = await createApiKey(ctx.database.db, tenant.tenantId, 'leaked', ['persons:read']);
    const used = await ctx.request({ method: 'GET', url: '/v0/persons', key: key.apiKey });
    assert.equal(used.status, 200, 'the verdict is now cached');
    const revoked = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/keys/${key.keyId}/revoke`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(revoked.status, 200, revoked.raw);
    const refused = await ctx.request({ method: 'GET', url: '/v0/persons', key: key.apiKey });
    assert.equal(refused.status, 401, refused.raw);
    // Another key of the tenant keeps its cached verdict and works.
    assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key })).status, 200);
  });
});
