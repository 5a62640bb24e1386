import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeAccountLog, makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/accounts', (ctx) => {
  it('lists accounts with their person counts; includeEmptyOnly narrows', async () => {
    const tenant = await makeTenant(ctx);
    const empty = await makeAccountLog(ctx, tenant, { domain: 'empty.example.com' });
    await makePerson(ctx, tenant, { name: 'Grace', domain: 'navy.mil' });
    const all = await adminGet(ctx, `/tenants/${tenant.tenantId}/accounts`);
    assert.equal(all.status, 200, all.raw);
    assert.equal(all.body.totalCount, 2);
    const navy = all.body.items.find((a: { domain: string }) => a.domain === 'navy.mil');
    assert.equal(navy.linkedPersonsCount, 1);
    const emptyOnly = await adminGet(ctx, `/tenants/${tenant.tenantId}/accounts?includeEmptyOnly=true`);
    assert.deepEqual(
      emptyOnly.body.items.map((a: { accountId: string }) => a.accountId),
      [empty.accountId],
    );
  });
});
