import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makeAudience, makePage } from '../../../test/pages-factories.js';

describeEachDatabase('admin API: public names (tenant handles, page slugs, route keys)', (ctx) => {
  const admin = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, body?: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('gives tenants a kebab-case handle from the name, settable and unique', async () => {
    const stamp = Date.now();
    const created = await admin('POST', '/tenants', { name: `Acme Corp ${stamp}` });
    assert.equal(created.status, 201, created.raw);
    assert.equal(created.body.handle, `acme-corp-${stamp}`);
    const id = created.body.tenantId;
    const set = await admin('PATCH', `/tenants/${id}`, { handle: `acme-${id.slice(-8)}` });
    assert.equal(set.status, 200, set.raw);
    assert.equal(set.body.handle, `acme-${id.slice(-8)}`);
    const other = await makeTenant(ctx);
    const taken = await admin('PATCH', `/tenants/${other.tenantId}`, { handle: `acme-${id.slice(-8)}` });
    assert.equal(taken.status, 409, taken.raw);
    const bad = await admin('PATCH', `/tenants/${other.tenantId}`, { handle: 'Not Kebab' });
    assert.equal(bad.status, 400, bad.raw);
    const list = await admin('GET', '/tenants');
    const listed = list.body.items.find((t: { tenantId: string }) => t.tenantId === id);
    assert.equal(listed.handle, `acme-${id.slice(-8)}`);
  });

  it('maps a host to one tenant only', async () => {
    const a = await makeTenant(ctx);
    const b = await makeTenant(ctx);
    const host = `pages-${a.tenantId.slice(-10)}.example.com`;
    const mapped = await admin('POST', `/tenants/${a.tenantId}/hosts`, { host: host.toUpperCase() });
    assert.equal(mapped.status, 201, mapped.raw);
    assert.deepEqual(mapped.body.hosts, [host]);
    assert.equal((await admin('POST', `/tenants/${b.tenantId}/hosts`, { host })).status, 409);
    assert.equal(
      (await admin('POST', `/tenants/${b.tenantId}/hosts`, { host: 'no spaces.com' })).status,
      400,
    );
    assert.deepEqual((await admin('DELETE', `/tenants/${a.tenantId}/hosts/${host}`)).body.hosts, []);
  });

  it('gives pages a slug unique per tenant and audiences route keys', async () => {
    const tenant = await makeTenant(ctx);
    const first = await makePage(ctx, tenant, { name: 'Spring Launch' });
    const second = await makePage(ctx, tenant, { name: 'Spring Launch' });
    assert.equal(first.slug, 'spring-launch');
    assert.equal(second.slug, 'spring-launch-2');
    const clash = await admin('PATCH', `/tenants/${tenant.tenantId}/pages/${second.id}`, {
      slug: 'spring-launch',
    });
    assert.equal(clash.status, 409, clash.raw);
    const renamed = await admin('PATCH', `/tenants/${tenant.tenantId}/pages/${second.id}`, {
      slug: 'autumn',
    });
    assert.equal(renamed.body.slug, 'autumn');

    const person = await makePerson(ctx, tenant, { name: 'Grace Hopper' });
    const personal = await makeAudience(ctx, tenant, first.id, { personId: person.personId });
    const general = await makeAudience(ctx, tenant, first.id, { customName: 'Fintech CFOs' });
    const read = async (audienceId: string) =>
      (
        await ctx.request({
          method: 'GET',
          url: `/v0/pages/${first.id}/audiences/${audienceId}`,
          key: tenant.key,
        })
      ).body;
    assert.match((await read(personal.audienceId)).routeKey, /^grace-hopper-[a-z2-9]{13}$/);
    assert.equal((await read(general.audienceId)).routeKey, 'fintech-cfos');
  });
});
