import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/persons/{personId}', (ctx) => {
  it("shows a person; another tenant's is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const ada = await makePerson(ctx, tenant, { name: 'Ada', email: 'ada@example.com' });
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/persons/${ada.personId}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.email, 'ada@example.com');
    const other = await makeTenant(ctx);
    assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/persons/${ada.personId}`)).status, 404);
  });
});
