import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/pages/{pageId}', (ctx) => {
  it("shows a page of the tenant; another tenant's page is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { name: 'Shown' });
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/pages/${page.id}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.name, 'Shown');
    assert.ok(shown.body.actions.length > 0);
    assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/pages/${page.id}`)).status, 404);
  });
});
