import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAccountLog, makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { seedDemo } from '../../seed/demo.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describeEachDatabase('admin API: logs', (ctx) => {
  it('creates person logs, soft-deletes and restores logs of both kinds', async () => {
    const tenant = await makeTenant(ctx);
    const person = await makePerson(ctx, tenant, { name: 'Op Person', domain: 'ops.example.com' });
    const accountLog = await makeAccountLog(ctx, tenant, { domain: 'ops.example.com' });
    const created = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/persons/${person.personId}/logs`,
      headers: admin,
      body: { source: 'user', type: 'note', payload: { text: 'from the operator' }, idempotencyKey: 'op-1' },
    });
    assert.equal(created.status, 201, created.raw);
    assert.match(created.body.personLogId, /^personlog_[a-z0-9]{26}$/);
    assert.equal(created.body.accountId, accountLog.accountId);
    const replay = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/persons/${person.personId}/logs`,
      headers: admin,
      body: { source: 'user', type: 'note', payload: { text: 'from the operator' }, idempotencyKey: 'op-1' },
    });
    assert.equal(replay.body.personLogId, created.body.personLogId);
    assert.equal(replay.headers['idempotent-replayed'], 'true');

    const activity = async () =>
      (
        await ctx.request({
          method: 'GET',
          url: `/v0/accounts/${accountLog.accountId}/activity?includePersonActivity=true`,
          key: tenant.key,
        })
      ).body;
    assert.equal((await activity()).totalCount, 2);
    for (const id of [created.body.personLogId, accountLog.accountLogId]) {
      const deleted = await ctx.request({
        method: 'POST',
        url: `/admin/v0/tenants/${tenant.tenantId}/logs/${id}/delete`,
        headers: admin,
      });
      assert.deepEqual(deleted.body, { logId: id, outcome: 'deleted' });
    }
    assert.equal((await activity()).totalCount, 0);
    const again = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/logs/${accountLog.accountLogId}/delete`,
      headers: admin,
    });
    assert.equal(again.body.outcome, 'already_deleted');
    const restored = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/logs/${created.body.personLogId}/undelete`,
      headers: admin,
    });
    assert.equal(restored.body.outcome, 'restored');
    const after = await activity();
    assert.equal(after.totalCount, 1);
    assert.equal(after.items[0].personLogId, created.body.personLogId);
  });

  it('answers 404 for unknown logs, persons and tenants, 400 for bad bodies, 401 without the token', async () => {
    const tenant = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    const log = await makeAccountLog(ctx, tenant);
    for (const url of [
      `/admin/v0/tenants/${other.tenantId}/logs/${log.accountLogId}/delete`,
      `/admin/v0/tenants/${tenant.tenantId}/logs/somethinglog_123/delete`,
      `/admin/v0/tenants/nope-tenant/logs/${log.accountLogId}/undelete`,
    ]) {
      const response = await ctx.request({ method: 'POST', url, headers: admin });
      assert.equal(response.status, 404, url);
    }
    const noPerson = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/persons/person_01jdq8m3k4e8v9t6w5x2y1z0ab/logs`,
      headers: admin,
      body: { source: 'user', payload: {} },
    });
    assert.equal(noPerson.status, 404);
    const bad = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/persons/person_01jdq8m3k4e8v9t6w5x2y1z0ab/logs`,
      headers: admin,
      body: { source: 'Not A Slug', payload: [] },
    });
    assert.equal(bad.status, 400);
    const unauthenticated = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/logs/${log.accountLogId}/delete`,
    });
    assert.equal(unauthenticated.status, 401);
  });

  it('quire seed demo names a user-authored log of accountId and of personId', async () => {
    const seed = await seedDemo(ctx.database.db);
    const log = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${seed.accountId}/logs/${seed.accountLogId}`,
      key: seed.apiKey,
    });
    assert.equal(log.status, 200, log.raw);
    assert.equal(log.body.source, 'user');
    const edit = await ctx.request({
      method: 'PATCH',
      url: `/v0/persons/${seed.personId}/logs/${seed.personLogId}`,
      key: seed.apiKey,
      body: { text: 'edited in a test' },
    });
    assert.equal(edit.status, 200, edit.raw);
    const accounts = await ctx.request({ method: 'GET', url: '/v0/accounts', key: seed.apiKey });
    assert.equal(accounts.body.totalCount, 4);
    assert.ok(
      accounts.body.items.every(
        (a: { linkedPersonsCount: number; domain: string }) =>
          a.domain === 'initech.example.net' || a.linkedPersonsCount >= 2,
      ),
    );
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${seed.accountId}/activity?includePersonActivity=true&limit=100`,
      key: seed.apiKey,
    });
    const sources = new Set(activity.body.items.map((i: { source: string }) => i.source));
    assert.ok(sources.size >= 5, [...sources].join());
    assert.ok(
      activity.body.items.some((i: { personLogId: string | null }) => i.personLogId === seed.personLogId),
    );
  });
});
