import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAccountLog, makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makeAudience } from '../../../test/pages-factories.js';

describeEachDatabase('PATCH /admin/v0/tenants/{tenant}/accounts/{accountId}', (ctx) => {
  const rename = (tenantId: string, accountId: string, body: unknown) =>
    ctx.request({
      method: 'PATCH',
      url: `/admin/v0/tenants/${tenantId}/accounts/${accountId}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  const accounts = async (key: string) =>
    (await ctx.request({ method: 'GET', url: '/v0/accounts', key })).body.items as {
      accountId: string;
      name: string;
    }[];

  it('renames an account; the audience name follows; bad names are 400, other tenants 404', async () => {
    const tenant = await makeTenant(ctx);
    const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'contoso.com' });
    const [account] = await accounts(tenant.key);
    assert.equal(account!.name, 'contoso.com', 'named after the domain it was created for');
    const { pageId, audienceId } = await makeAudience(ctx, tenant, undefined, { personId: person.personId });

    const renamed = await rename(tenant.tenantId, account!.accountId, { name: 'Contoso' });
    assert.equal(renamed.status, 200, renamed.raw);
    assert.equal(renamed.body.name, 'Contoso');
    assert.equal(renamed.body.domain, 'contoso.com');
    const audience = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}`,
      key: tenant.key,
    });
    assert.equal(audience.body.computedName, 'Grace Hopper at Contoso');

    assert.equal((await rename(tenant.tenantId, account!.accountId, { name: '' })).status, 400);
    assert.equal((await rename(tenant.tenantId, account!.accountId, { name: '   ' })).status, 400);
    assert.equal(
      (await rename(tenant.tenantId, account!.accountId, { name: 'X', domain: 'y.com' })).status,
      400,
    );
    const other = await makeTenant(ctx);
    assert.equal((await rename(other.tenantId, account!.accountId, { name: 'Mine' })).status, 404);
    assert.equal((await accounts(tenant.key))[0]!.name, 'Contoso');
  });

  it("an account named after its domain takes a later log's name; a named one keeps its name", async () => {
    const tenant = await makeTenant(ctx);
    await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'contoso.com' });
    await makeAccountLog(ctx, tenant, { domain: 'contoso.com' });
    assert.equal(
      (await accounts(tenant.key))[0]!.name,
      'contoso.com',
      'a log without a name changes nothing',
    );
    await makeAccountLog(ctx, tenant, { domain: 'contoso.com', name: 'Contoso Ltd' });
    assert.equal((await accounts(tenant.key))[0]!.name, 'Contoso Ltd');
    await makeAccountLog(ctx, tenant, { domain: 'contoso.com', name: 'Someone else' });
    assert.equal((await accounts(tenant.key))[0]!.name, 'Contoso Ltd', 'a named account keeps its name');
  });
});
