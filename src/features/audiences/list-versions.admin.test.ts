import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet, audienceScenario } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/audiences/{audienceId}/versions', (ctx) => {
  it('lists the versions newest first with their full content, a page at a time', async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    const base = `/tenants/${tenant.tenantId}/audiences/${s.personal.audienceId}/versions`;
    const first = await adminGet(ctx, `${base}?limit=1`);
    assert.equal(first.status, 200, first.raw);
    assert.equal(first.body.totalCount, 2);
    const [v2] = first.body.items;
    assert.equal(v2.versionNumber, 2);
    assert.equal(v2.content.metaTitle, 'Hello Grace');
    assert.equal(typeof v2.content.actionUrl, 'string');
    assert.ok(Object.keys(v2.content.buttonTitles).length > 0, 'button titles are part of the content');
    assert.ok(Array.isArray(v2.content.metaKeywords));
    assert.match(v2.becameDraftAt, /Z$/);
    assert.ok(v2.requestMessageId);
    const second = await adminGet(ctx, `${base}?limit=1&cursor=${first.body.nextCursor}`);
    assert.equal(second.body.items[0].versionNumber, 1);
    assert.equal(second.body.hasMore, false);
    const other = await makeTenant(ctx);
    assert.equal(
      (await adminGet(ctx, `/tenants/${other.tenantId}/audiences/${s.personal.audienceId}/versions`)).status,
      404,
    );
  });
});
