import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/persons', (ctx) => {
  it("lists the tenant's persons newest first, a page at a time", async () => {
    const tenant = await makeTenant(ctx);
    const ada = await makePerson(ctx, tenant, { name: 'Ada' });
    const grace = await makePerson(ctx, tenant, { name: 'Grace' });
    await makePerson(ctx, await makeTenant(ctx), { name: 'Elsewhere' });
    const first = await adminGet(ctx, `/tenants/${tenant.tenantId}/persons?limit=1`);
    assert.equal(first.status, 200, first.raw);
    assert.equal(first.body.totalCount, 2);
    const second = await adminGet(
      ctx,
      `/tenants/${tenant.tenantId}/persons?limit=1&cursor=${first.body.nextCursor}`,
    );
    assert.deepEqual(
      [...first.body.items, ...second.body.items].map((p: { personId: string }) => p.personId).sort(),
      [ada.personId, grace.personId].sort(),
    );
  });
});
