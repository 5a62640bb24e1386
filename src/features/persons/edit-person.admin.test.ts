import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('PATCH /admin/v0/tenants/{tenant}/persons/{personId}', (ctx) => {
  const edit = (tenantId: string, personId: string, body: unknown) =>
    ctx.request({
      method: 'PATCH',
      url: `/admin/v0/tenants/${tenantId}/persons/${personId}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('corrects name, email, phone and LinkedIn with the rules of /v0; the slug stays', async () => {
    const tenant = await makeTenant(ctx);
    const person = await makePerson(ctx, tenant, { name: 'Grace Hoper', domain: 'navy.mil' });
    const edited = await edit(tenant.tenantId, person.personId, {
      name: 'Grace Hopper',
      email: 'grace@navy.mil',
      phoneNumber: '+15551234567',
      linkedinProfileUrl: 'https://www.linkedin.com/in/grace-hopper',
    });
    assert.equal(edited.status, 200, edited.raw);
    assert.equal(edited.body.name, 'Grace Hopper');
    assert.equal(edited.body.email, 'grace@navy.mil');
    assert.equal(edited.body.phoneNumber, '+15551234567');
    assert.equal(edited.body.slug, person.slug, 'links made with the route key keep working');
    assert.equal(edited.body.domain, 'navy.mil');
    const read = await ctx.request({ method: 'GET', url: `/v0/persons/${person.personId}`, key: tenant.key });
    assert.equal(read.body.name, 'Grace Hopper');

    const bad = await edit(tenant.tenantId, person.personId, { email: 'email text', phoneNumber: '555' });
    assert.equal(bad.status, 400, bad.raw);
    assert.deepEqual(bad.body.errors.map((e: { pointer: string }) => e.pointer).sort(), [
      '/email',
      '/phoneNumber',
    ]);
    assert.equal((await edit(tenant.tenantId, person.personId, { domain: 'x.com' })).status, 400);
    assert.equal((await edit(tenant.tenantId, person.personId, { name: '' })).status, 400);
    const other = await makeTenant(ctx);
    assert.equal((await edit(other.tenantId, person.personId, { name: 'Mine' })).status, 404);
  });
});
