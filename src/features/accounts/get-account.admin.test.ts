import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeAccountLog, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/accounts/{accountId}', (ctx) => {
  it("shows an account; another tenant's is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const log = await makeAccountLog(ctx, tenant, { domain: 'contoso.com' });
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/accounts/${log.accountId}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.domain, 'contoso.com');
    const other = await makeTenant(ctx);
    assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/accounts/${log.accountId}`)).status, 404);
  });
});
