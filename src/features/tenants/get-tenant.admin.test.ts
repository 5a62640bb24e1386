import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}', (ctx) => {
  it('shows a tenant by id or name with its keys, never their secrets', async () => {
    const tenant = await makeTenant(ctx);
    const byId = await adminGet(ctx, `/tenants/${tenant.tenantId}`);
    assert.equal(byId.status, 200, byId.raw);
    assert.deepEqual(
      byId.body.keys.map((k: { keyId: string }) => k.keyId),
      [tenant.keyId],
    );
    assert.equal(byId.raw.includes(tenant.key), false);
    const byName = await adminGet(ctx, `/tenants/${encodeURIComponent(byId.body.name)}`);
    assert.equal(byName.body.tenantId, tenant.tenantId);
    assert.equal((await adminGet(ctx, '/tenants/nobody')).status, 404);
  });
});
