import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet, audienceScenario } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/audiences/{audienceId}', (ctx) => {
  it("shows an audience with its versions; another tenant's is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    const shown = await adminGet(ctx, `/tenants/${tenant.tenantId}/audiences/${s.general.audienceId}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.equal(shown.body.effectiveName, 'Everyone');
    assert.equal(shown.body.publishedVersion.versionId, s.general.versionId);
    // Like the list: the public URL and a preview link of the version with content.
    assert.match(shown.body.publicUrl, /^http:\/\/127\.0\.0\.1:3000\/p\//);
    assert.match(shown.body.publishedVersion.previewUrl, /\/_preview\/.+signature=/);
    const other = await makeTenant(ctx);
    assert.equal(
      (await adminGet(ctx, `/tenants/${other.tenantId}/audiences/${s.general.audienceId}`)).status,
      404,
    );
  });
});
