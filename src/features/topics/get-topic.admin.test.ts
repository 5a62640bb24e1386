import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeTopic } from '../../../test/asset-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/topics/{topicId}', (ctx) => {
  it("shows a topic with its entries; another tenant's is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const made = await makeTopic(ctx, tenant, [{ content: 'only' }]);
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/topics/${made.topic.id}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.entries[0].content.content, 'only');
    const other = await makeTenant(ctx);
    assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/topics/${made.topic.id}`)).status, 404);
  });
});
