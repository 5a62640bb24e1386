import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { makeTenant } from '../factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../harness.js';

describeEachDatabase('admin API: Idempotency-Key on creates', (ctx) => {
  const post = (url: string, body: unknown, key?: string) =>
    ctx.request({
      method: 'POST',
      url: `/admin/v0${url}`,
      body,
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
    });
  const tenantsNamed = async (name: string) =>
    (await ctx.database.db.selectFrom('tenants').select('id').where('name', '=', name).execute()).length;
  const uniqueName = () => `idem-${randomBytes(5).toString('hex')}`;

  it('replays a retried create (same status and body, Idempotent-Replayed) and creates once', async () => {
    const name = uniqueName();
    const key = randomUUID();
    const first = await post('/tenants', { name }, key);
    assert.equal(first.status, 201, first.raw);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const retry = await post('/tenants', { name }, key);
    assert.equal(retry.status, 201, retry.raw);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.deepEqual(retry.body, first.body);
    assert.equal(await tenantsNamed(name), 1);
  });

  it('refuses the same key with another body (422 naming the header)', async () => {
    const key = randomUUID();
    assert.equal((await post('/tenants', { name: uniqueName() }, key)).status, 201);
    const other = await post('/tenants', { name: uniqueName() }, key);
    assert.equal(other.status, 422, other.raw);
    assert.equal(other.body.code, 'idempotency_key_reused');
    assert.equal(other.body.errors[0].header, 'Idempotency-Key');
  });

  it('records nothing for a failed request: a retry runs again', async () => {
    const name = uniqueName();
    assert.equal((await post('/tenants', { name })).status, 201);
    const key = randomUUID();
    const conflict = await post('/tenants', { name }, key);
    assert.equal(conflict.status, 409, conflict.raw);
    const again = await post('/tenants', { name }, key);
    assert.equal(again.status, 409);
    assert.equal(again.headers['idempotent-replayed'], undefined);
    const invalid = await post('/tenants', { name: '' }, key);
    assert.equal(invalid.status, 400, invalid.raw);
    const rows = await ctx.database.db
      .selectFrom('admin_idempotency')
      .select('idempotency_key')
      .where('idempotency_key', '=', key)
      .execute();
    assert.equal(rows.length, 0);
  });

  it('never stores a created API key: a replay answers the same key id without the key', async () => {
    const tenant = await makeTenant(ctx);
    const key = randomUUID();
    const body = { label: 'ci', scopes: ['pages:read'] };
    const first = await post(`/tenants/${tenant.tenantId}/keys`, body, key);
    assert.equal(first.status, 201, first.raw);
    const retry = await post(`/tenants/${tenant.tenantId}/keys`, body, key);
    assert.equal(retry.status, 201, retry.raw);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.body.keyId, first.body.keyId);
    assert.equal(retry.body.apiKey, undefined);
    const stored = await ctx.database.db.selectFrom('admin_idempotency').select('response_body').execute();
    assert.ok(!stored.some((row) => row.response_body?.includes(first.body.apiKey)));
    const keys = await ctx.database.db
      .selectFrom('api_keys')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    assert.equal(keys.length, 2, 'the tenant key and one created key');
  });

  it("covers every feature's creates (a topic) and concurrent retries create once", async () => {
    const tenant = await makeTenant(ctx);
    const key = randomUUID();
    const responses = await Promise.all(
      [0, 1, 2].map(() => post(`/tenants/${tenant.tenantId}/topics`, { name: 'Objections' }, key)),
    );
    for (const response of responses) assert.ok([201, 409].includes(response.status), response.raw);
    const topics = await ctx.database.db
      .selectFrom('topics')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    assert.equal(topics.length, 1);
    const retry = await post(`/tenants/${tenant.tenantId}/topics`, { name: 'Objections' }, key);
    assert.equal(retry.status, 201);
    assert.equal(retry.body.topicId, topics[0]!.id);
  });

  it('refuses a malformed key naming the header', async () => {
    const response = await post('/tenants', { name: uniqueName() }, 'has space');
    assert.equal(response.status, 400, response.raw);
    assert.equal(response.body.errors[0].header, 'Idempotency-Key');
  });
});
