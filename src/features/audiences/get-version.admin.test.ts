import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet, audienceScenario } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/versions/{versionId}', (ctx) => {
  it("shows a version with its content and status timestamps; another tenant's is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/versions/${s.general.versionId}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.status, 'published');
    assert.match(shown.body.publishedAt, /Z$/);
    assert.match(shown.body.queuedAt, /Z$/);
    assert.equal(typeof shown.body.content.metaTitle, 'string');
    const other = await makeTenant(ctx);
    assert.equal(
      (await adminGet(ctx, `/tenants/${other.tenantId}/versions/${s.general.versionId}`)).status,
      404,
    );
  });
});
