import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeAccountLog, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/accounts/{accountId}/activity', (ctx) => {
  it("lists an account's logs newest first, a page at a time", async () => {
    const tenant = await makeTenant(ctx);
    const first = await makeAccountLog(ctx, tenant, { domain: 'contoso.com', type: 'a' });
    const second = await makeAccountLog(ctx, tenant, { domain: 'contoso.com', type: 'b' });
    const base = `/tenants/${tenant.tenantId}/accounts/${first.accountId}/activity`;
    const page1 = await adminGet(ctx, `${base}?limit=1`);
    assert.equal(page1.status, 200, page1.raw);
    assert.equal(page1.body.totalCount, 2);
    const page2 = await adminGet(ctx, `${base}?limit=1&cursor=${page1.body.nextCursor}`);
    assert.deepEqual(
      [...page1.body.items, ...page2.body.items].map((i: { activityId: string }) => i.activityId).sort(),
      [first.accountLogId, second.accountLogId].sort(),
    );
    const other = await makeTenant(ctx);
    assert.equal(
      (await adminGet(ctx, `/tenants/${other.tenantId}/accounts/${first.accountId}/activity`)).status,
      404,
    );
  });
});
