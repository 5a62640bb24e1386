import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { createApiKey } from './tenants.service.js';

describeEachDatabase('admin API: get a key', (ctx) => {
  const get = (url: string) =>
    ctx.request({
      method: 'GET',
      url: `/admin/v0${url}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it("shows one key of the tenant; another tenant's key is a 404", async () => {
    const tenant = await makeTenant(ctx);
    const key = await createApiKey(ctx.database.db, tenant.tenantId, 'ci', ['pages:write']);
    const shown = await get(`/tenants/${tenant.tenantId}/keys/${key.keyId}`);
    assert.equal(shown.status, 200, shown.raw);
    assert.deepEqual(Object.keys(shown.body).sort(), [
      'createdAt',
      'keyId',
      'label',
      'lastUsedAt',
      'prefix',
      'revokedAt',
      'scopes',
      'tenantId',
    ]);
    assert.deepEqual(shown.body.scopes, ['pages:write']);
    assert.equal(shown.body.label, 'ci');
    const other = await makeTenant(ctx);
    const foreign = await get(`/tenants/${other.tenantId}/keys/${key.keyId}`);
    assert.equal(foreign.status, 404, foreign.raw);
  });
});
