import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeTopic } from '../../../test/asset-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/topics', (ctx) => {
  it('lists topics newest first with their entries in list order', async () => {
    const tenant = await makeTenant(ctx);
    const older = await makeTopic(ctx, tenant, [
      { content: 'second', sortOrder: 2 },
      { content: 'first', sortOrder: 1 },
    ]);
    const newer = await makeTopic(ctx, tenant);
    const listed = await adminGet(ctx, `/tenants/${tenant.tenantId}/topics`);
    assert.equal(listed.status, 200, listed.raw);
    assert.equal(listed.body.totalCount, 2);
    const byId = new Map(listed.body.items.map((t: { topicId: string }) => [t.topicId, t]));
    const withEntries = byId.get(older.topic.id) as {
      entriesCount: number;
      entries: { content: { content: string } }[];
    };
    assert.equal(withEntries.entriesCount, 2);
    assert.deepEqual(
      withEntries.entries.map((e) => e.content.content),
      ['first', 'second'],
    );
    assert.ok(byId.has(newer.topic.id));
  });
});
