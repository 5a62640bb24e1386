import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeAccountLog, makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/accounts', (ctx) => {
  it('lists accounts with their person counts; includeEmptyOnly narrows', async () => {
    const tenant = await makeTenant(ctx);
    const empty = await makeAccountLog(ctx, tenant, { domain: 'empty.example.com' });
    await makePerson(ctx, tenant, { name: 'Grace', domain: 'navy.mil' });
    const all = await adminGet(ctx, `/tenants/${tenant.tenantId}/accounts`);
    assert.equal(all.status, 200, all.raw);
    assert.equal(all.body.totalCount, 2);
    const navy = all.body.items.find((a: { domain: string }) => a.domain === 'navy.mil');
    assert.equal(navy.linkedPersonsCount, 1);
    const emptyOnly = await adminGet(ctx, `/tenants/${tenant.tenantId}/accounts?includeEmptyOnly=true`);
    assert.deepEqual(
      emptyOnly.body.items.map((a: { accountId: string }) => a.accountId),
      [empty.accountId],
    );
  });

  it('searches by a part of the name or domain, any case, in the tenant only (q), with includeEmptyOnly', async () => {
    const tenant = await makeTenant(ctx);
    const contoso = await makeAccountLog(ctx, tenant, { domain: 'contoso.example', name: 'Contoso Ltd' });
    const fabrikam = await makeAccountLog(ctx, tenant, { domain: 'fabrikam.example', name: 'Fabrikam' });
    await makePerson(ctx, tenant, { name: 'Grace', domain: 'fabrikam.example' });
    await makeAccountLog(ctx, await makeTenant(ctx), { domain: 'contoso-other.example', name: 'Contoso' });
    const ids = async (query: string) => {
      const answer = await adminGet(ctx, `/tenants/${tenant.tenantId}/accounts?${query}`);
      assert.equal(answer.status, 200, answer.raw);
      assert.equal(answer.body.totalCount, null);
      return answer.body.items.map((a: { accountId: string }) => a.accountId);
    };
    assert.deepEqual(await ids('q=CONTOSO'), [contoso.accountId], 'by name, not another tenant');
    assert.deepEqual(await ids('q=fabrikam.ex'), [fabrikam.accountId], 'by domain');
    assert.deepEqual(await ids('q=example&includeEmptyOnly=true'), [contoso.accountId], 'only empty ones');
    assert.deepEqual(await ids('q=nothing-like-it'), []);
  });
});
