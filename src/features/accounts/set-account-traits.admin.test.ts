import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('PATCH /admin/v0/tenants/{tenant}/{accounts|persons}/{id}/traits', (ctx) => {
  const patch = (tenantId: string, path: string, traits: unknown) =>
    ctx.request({
      method: 'PATCH',
      url: `/admin/v0/tenants/${tenantId}/${path}/traits`,
      body: { traits },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('sets, trims and removes traits; /v0 shows them; bounds are 400s naming the field; other tenants 404', async () => {
    const tenant = await makeTenant(ctx);
    const person = await makePerson(ctx, tenant, { name: 'Ada', domain: 'contoso.com' });
    const accounts = await ctx.request({ method: 'GET', url: '/v0/accounts', key: tenant.key });
    const accountId = (accounts.body.items as { accountId: string }[])[0]!.accountId;

    const set = await patch(tenant.tenantId, `accounts/${accountId}`, {
      industry: '  manufacturing ',
      employees: 850,
      tier: '1',
    });
    assert.equal(set.status, 200, set.raw);
    assert.deepEqual(set.body.traits, { industry: 'manufacturing', employees: 850, tier: '1' });
    const removed = await patch(tenant.tenantId, `accounts/${accountId}`, { tier: null, region: 'EMEA' });
    assert.deepEqual(removed.body.traits, { industry: 'manufacturing', employees: 850, region: 'EMEA' });
    const listed = async () =>
      (
        (await ctx.request({ method: 'GET', url: '/v0/accounts', key: tenant.key })).body.items as {
          traits?: object;
        }[]
      )[0]!.traits;
    assert.deepEqual(await listed(), removed.body.traits, 'the extension field of /v0 accounts');

    const personSet = await patch(tenant.tenantId, `persons/${person.personId}`, { seniority: 'vp' });
    assert.equal(personSet.status, 200, personSet.raw);
    assert.deepEqual(personSet.body.traits, { seniority: 'vp' });

    const badKey = await patch(tenant.tenantId, `accounts/${accountId}`, { '1bad': 'x' });
    assert.equal(badKey.status, 400);
    assert.match(badKey.raw, /traits/);
    const many = Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`k${i}`, i]));
    const tooMany = await patch(tenant.tenantId, `accounts/${accountId}`, many);
    assert.equal(tooMany.status, 400, `three kept plus 48 new is over 50: ${tooMany.raw}`);
    assert.match(tooMany.raw, /\/traits/);
    assert.deepEqual(await listed(), removed.body.traits, 'a refused change writes nothing');

    const other = await makeTenant(ctx);
    assert.equal((await patch(other.tenantId, `accounts/${accountId}`, { tier: '2' })).status, 404);
    assert.equal((await patch(other.tenantId, `persons/${person.personId}`, { tier: '2' })).status, 404);
  });
});
