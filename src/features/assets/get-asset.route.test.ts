import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAsset } from '../../../test/asset-factories.js';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('GET /v0/assets/{asset_id}', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => ({ method: 'GET', url: `/v0/assets/${(await makeAsset(ctx, owner)).id}` }),
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('answers the Location of POST /v0/assets with the asset as created', async () => {
    const tenant = await makeTenant(ctx);
    const created = await ctx.request({
      method: 'POST',
      url: '/v0/assets',
      key: tenant.key,
      body: { assetType: 'image', name: 'Harbour at dawn', purpose: 'hero image', fileId: 'file_harbour_1' },
    });
    assert.equal(created.status, 201, created.raw);
    const response = await ctx.request({
      method: 'GET',
      url: created.headers.location as string,
      key: tenant.key,
    });
    assert.equal(response.status, 200, response.raw);
    assert.deepEqual(response.body, created.body);
  });

  it('returns trashed and deleted assets with their state', async () => {
    const tenant = await makeTenant(ctx);
    for (const state of ['trashed', 'deleted'] as const) {
      const asset = await makeAsset(ctx, tenant, { state });
      const response = await ctx.request({ method: 'GET', url: `/v0/assets/${asset.id}`, key: tenant.key });
      assert.equal(response.status, 200, response.raw);
      assert.equal(response.body.lifecycleState, state);
    }
  });

  it('answers 404 problem+json for unknown and malformed ids', async () => {
    const tenant = await makeTenant(ctx);
    for (const id of ['asset_01jdq8m3k4e8v9t6w5x2y1z0ab', 'nope', 'person_01jdq8m3k4e8v9t6w5x2y1z0ab']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/assets/${encodeURIComponent(id)}`,
        key: tenant.key,
      });
      assert.equal(response.status, 404, id);
      assert.equal(response.body.code, 'not_found');
      assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    }
  });
});
