import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: create a key', (ctx) => {
  const admin = (url: string, body?: unknown) =>
    ctx.request({
      method: 'POST',
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('creates a scoped key, shown once, that reads its groups and writes nothing', async () => {
    const tenant = await makeTenant(ctx);
    const created = await admin(`/tenants/${tenant.tenantId}/keys`, {
      label: 'dashboard',
      scopes: ['pages:read', 'persons:read'],
    });
    assert.equal(created.status, 201, created.raw);
    assert.match(created.body.apiKey, /^quire_/);
    assert.ok(created.body.apiKey.startsWith(created.body.prefix));
    assert.equal(created.body.label, 'dashboard');
    assert.deepEqual(created.body.scopes, ['persons:read', 'pages:read']);
    const key = created.body.apiKey;
    assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key })).status, 200);
    const write = await ctx.request({ method: 'POST', url: '/v0/persons', key, body: { name: 'Ada' } });
    assert.equal(write.status, 403, write.raw);
    assert.match(write.body.detail, /persons:write/);
  });

  it('creates a full-access key when no scopes are given (by tenant name too)', async () => {
    const tenant = await makeTenant(ctx);
    const name = (
      await ctx.database.db
        .selectFrom('tenants')
        .select('name')
        .where('id', '=', tenant.tenantId)
        .executeTakeFirstOrThrow()
    ).name;
    const created = await admin(`/tenants/${name}/keys`, {});
    assert.equal(created.status, 201, created.raw);
    assert.equal(created.body.scopes, null);
    assert.equal(created.body.tenantId, tenant.tenantId);
    const write = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: created.body.apiKey,
      body: { name: 'Ada' },
    });
    assert.equal(write.status, 201, write.raw);
  });

  it('refuses unknown, empty and repeated scopes naming the field, and unknown tenants', async () => {
    const tenant = await makeTenant(ctx);
    const unknown = await admin(`/tenants/${tenant.tenantId}/keys`, { scopes: ['pages:admin'] });
    assert.equal(unknown.status, 400, unknown.raw);
    assert.equal(unknown.body.errors[0].pointer, '/scopes/0');
    const empty = await admin(`/tenants/${tenant.tenantId}/keys`, { scopes: [] });
    assert.equal(empty.status, 400, empty.raw);
    assert.equal(empty.body.errors[0].pointer, '/scopes');
    const repeated = await admin(`/tenants/${tenant.tenantId}/keys`, {
      scopes: ['pages:read', 'pages:read'],
    });
    assert.equal(repeated.status, 400, repeated.raw);
    const missing = await admin('/tenants/tenant_nope/keys', { scopes: ['pages:read'] });
    assert.equal(missing.status, 404, missing.raw);
  });
});
