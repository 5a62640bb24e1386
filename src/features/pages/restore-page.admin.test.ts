import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';

describeEachDatabase('POST /admin/v0/tenants/{tenant}/pages/{pageId}/restore', (ctx) => {
  it('brings an archived or deleted page back to its status before; another tenant’s page is a 404', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { status: 'draft' });
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const base = `/admin/v0/tenants/${tenant.tenantId}/pages/${page.id}`;
    await ctx.request({ method: 'DELETE', url: base, headers: admin });
    const restored = await ctx.request({ method: 'POST', url: `${base}/restore`, headers: admin });
    assert.equal(restored.status, 200, restored.raw);
    assert.equal(restored.body.status, 'draft');
    assert.equal(restored.body.deletedAt, null);
    assert.equal(restored.body.archivedAt, null);
    const other = await makeTenant(ctx);
    const foreign = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${other.tenantId}/pages/${page.id}/restore`,
      headers: admin,
    });
    assert.equal(foreign.status, 404);
  });
});
