import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('GET /v0/persons/{person_id}', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => ({
      method: 'GET',
      url: `/v0/persons/${(await makePerson(ctx, owner)).personId}`,
    }),
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('returns the person exactly as created', async () => {
    const tenant = await makeTenant(ctx);
    const created = await makePerson(ctx, tenant, { name: 'Grace Hopper', email: 'grace@navy.mil' });
    const response = await ctx.request({
      method: 'GET',
      url: `/v0/persons/${created.personId}`,
      key: tenant.key,
    });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, created);
  });

  it('answers 404 problem+json for unknown and malformed ids', async () => {
    const tenant = await makeTenant(ctx);
    for (const id of [
      'person_01jdq8m3k4e8v9t6w5x2y1z0ab',
      'nope',
      'account_01jdq8m3k4e8v9t6w5x2y1z0ab',
      "'; drop table persons; --",
    ]) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/persons/${encodeURIComponent(id)}`,
        key: tenant.key,
      });
      assert.equal(response.status, 404, id);
      assert.equal(response.body.code, 'not_found');
      assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    }
  });
});
