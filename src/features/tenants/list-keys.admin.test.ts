import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { createApiKey, revokeKey } from './tenants.service.js';

describeEachDatabase('admin API: list keys', (ctx) => {
  const get = (url: string) =>
    ctx.request({
      method: 'GET',
      url: `/admin/v0${url}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('lists prefix, label, scopes, created, last used and revoked, never the key, in pages', async () => {
    const tenant = await makeTenant(ctx);
    const reader = await createApiKey(ctx.database.db, tenant.tenantId, 'reader', ['assets:read']);
    const old = await createApiKey(ctx.database.db, tenant.tenantId, 'old');
    await revokeKey(ctx.database.db, old.keyId);
    assert.equal(
      (await ctx.request({ method: 'GET', url: '/v0/assets/search', key: reader.apiKey })).status,
      200,
    );

    const seen = [];
    let cursor: string | null = null;
    do {
      const page = await get(`/tenants/${tenant.tenantId}/keys?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.status, 200, page.raw);
      assert.equal(page.body.totalCount, 3);
      assert.ok(!page.raw.includes(reader.apiKey) && !page.raw.includes(old.apiKey), 'keys are never listed');
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(
      seen.map((k) => k.keyId),
      [tenant.keyId, reader.keyId, old.keyId],
    );
    const [full, scoped, revoked] = seen;
    assert.equal(full.scopes, null);
    assert.deepEqual(scoped.scopes, ['assets:read']);
    assert.equal(scoped.label, 'reader');
    assert.equal(scoped.prefix, reader.prefix);
    assert.equal(scoped.revokedAt, null);
    assert.match(revoked.revokedAt, /^\d{4}-\d\d-\d\dT/);
    assert.equal(revoked.lastUsedAt, null);
    // The last use is written after the request, off its path.
    let lastUsedAt = null;
    for (let i = 0; i < 50 && lastUsedAt === null; i++) {
      lastUsedAt = (await get(`/tenants/${tenant.tenantId}/keys/${reader.keyId}`)).body.lastUsedAt;
      if (lastUsedAt === null) await sleep(20);
    }
    assert.match(String(lastUsedAt), /^\d{4}-\d\d-\d\dT/);
  });

  it('is a 404 for an unknown tenant and a 400 for a cursor of another tenant', async () => {
    assert.equal((await get('/tenants/tenant_nope/keys')).status, 404);
    const a = await makeTenant(ctx);
    await createApiKey(ctx.database.db, a.tenantId);
    const b = await makeTenant(ctx);
    const first = await get(`/tenants/${a.tenantId}/keys?limit=1`);
    const foreign = await get(`/tenants/${b.tenantId}/keys?cursor=${first.body.nextCursor}`);
    assert.equal(foreign.status, 400, foreign.raw);
    assert.equal(foreign.body.code, 'invalid_cursor');
  });
});
