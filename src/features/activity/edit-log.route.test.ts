import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeAccountLog, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { setLogDeleted } from './logs.service.js';

describeEachDatabase('PATCH /v0/accounts/{account_id}/logs/{account_log_id}', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const log = await makeAccountLog(ctx, owner, { source: 'user', type: 'note', payload: { text: 'hi' } });
      return {
        method: 'PATCH',
        url: `/v0/accounts/${log.accountId}/logs/${log.accountLogId}`,
        body: { text: 'edited' },
      };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('sets payload.text and updatedAt of a user-authored log, keeping the other members', async () => {
    const tenant = await makeTenant(ctx);
    const log = await makeAccountLog(ctx, tenant, {
      source: 'user',
      type: 'note',
      payload: { text: 'Met Ada', author: { name: 'Bob' }, tags: ['met'] },
    });
    const url = `/v0/accounts/${log.accountId}/logs/${log.accountLogId}`;
    const response = await ctx.request({
      method: 'PATCH',
      url,
      key: tenant.key,
      body: { text: 'Met Ada — 🚀 signed' },
    });
    assert.equal(response.status, 200, response.raw);
    assert.deepEqual(response.body, { success: true });
    const read = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.deepEqual(read.body.payload, {
      text: 'Met Ada — 🚀 signed',
      author: { name: 'Bob' },
      tags: ['met'],
    });
    assert.ok(read.body.updatedAt >= read.body.createdAt);
    assert.equal(read.body.createdAt, log.createdAt);
    // A payload without text gains one.
    const bare = await makeAccountLog(ctx, tenant, {
      accountId: log.accountId,
      source: 'user',
      payload: { x: 1 },
    });
    const bareUrl = `/v0/accounts/${log.accountId}/logs/${bare.accountLogId}`;
    assert.equal(
      (await ctx.request({ method: 'PATCH', url: bareUrl, key: tenant.key, body: { text: 't' } })).status,
      200,
    );
    assert.deepEqual((await ctx.request({ method: 'GET', url: bareUrl, key: tenant.key })).body.payload, {
      x: 1,
      text: 't',
    });
  });

  it('answers 409 log_not_editable for a log that is not user-authored, and 409 for a deleted one', async () => {
    const tenant = await makeTenant(ctx);
    const webhook = await makeAccountLog(ctx, tenant, {
      source: 'hubspot',
      payload: { text: 'from hubspot' },
    });
    const url = `/v0/accounts/${webhook.accountId}/logs/${webhook.accountLogId}`;
    const response = await ctx.request({ method: 'PATCH', url, key: tenant.key, body: { text: 'x' } });
    assert.equal(response.status, 409, response.raw);
    assert.equal(response.body.code, 'log_not_editable');
    const read = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.deepEqual(read.body.payload, { text: 'from hubspot' });
    assert.equal(read.body.updatedAt, null);

    const note = await makeAccountLog(ctx, tenant, { source: 'user', payload: { text: 'a' } });
    await setLogDeleted(ctx.database.db, tenant.tenantId, 'account_logs', note.accountLogId, true);
    const deleted = await ctx.request({
      method: 'PATCH',
      url: `/v0/accounts/${note.accountId}/logs/${note.accountLogId}`,
      key: tenant.key,
      body: { text: 'b' },
    });
    assert.equal(deleted.status, 409);
    assert.equal(deleted.body.code, 'conflict');
  });

  it('answers 404 for a log of another account and 400 naming text for a bad body', async () => {
    const tenant = await makeTenant(ctx);
    const note = await makeAccountLog(ctx, tenant, { source: 'user', payload: { text: 'a' } });
    const other = await makeAccountLog(ctx, tenant);
    const wrongAccount = await ctx.request({
      method: 'PATCH',
      url: `/v0/accounts/${other.accountId}/logs/${note.accountLogId}`,
      key: tenant.key,
      body: { text: 'b' },
    });
    assert.equal(wrongAccount.status, 404);
    const url = `/v0/accounts/${note.accountId}/logs/${note.accountLogId}`;
    for (const [body, pointer, code] of [
      [{ text: '' }, '/text', 'too_short'],
      [{}, '/text', 'required'],
      [{ text: 5 }, '/text', 'invalid_type'],
      [{ text: 'ok', payload: {} }, '/payload', 'unknown_field'],
    ] as const) {
      const response = await ctx.request({ method: 'PATCH', url, key: tenant.key, body });
      assert.equal(response.status, 400, response.raw);
      assert.ok(
        response.body.errors.some(
          (e: { pointer: string; code: string }) => e.pointer === pointer && e.code === code,
        ),
      );
    }
    const read = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(read.body.updatedAt, null, 'a rejected PATCH changes nothing');
  });
});
