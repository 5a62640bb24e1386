import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeAsset } from '../../../test/asset-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/assets/{assetId}', (ctx) => {
  it("shows an asset in any state; another tenant's is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const deleted = await makeAsset(ctx, tenant, { state: 'deleted' });
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/assets/${deleted.id}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.lifecycleState, 'deleted');
    const other = await makeTenant(ctx);
    assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/assets/${deleted.id}`)).status, 404);
  });
});
