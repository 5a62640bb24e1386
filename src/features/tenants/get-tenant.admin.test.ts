import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

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
    assert.equal(typeof byId.body.handle, 'string');
    assert.deepEqual(byId.body.hosts, []);
    const byName = await adminGet(ctx, `/tenants/${encodeURIComponent(byId.body.name)}`);
    assert.equal(byName.body.tenantId, tenant.tenantId);
    assert.equal((await adminGet(ctx, '/tenants/nobody')).status, 404);
  });

  it('shows its handle and custom hosts', async () => {
    const tenant = await makeTenant(ctx);
    const added = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/hosts`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: { host: 'Pages.Acme.example' },
    });
    assert.equal(added.status, 201, added.raw);
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}`);
    assert.deepEqual(shown.body.hosts, ['pages.acme.example']);
  });
});
