import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeAccountLog, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { setLogDeleted } from './logs.service.js';

describeEachDatabase('GET /v0/accounts/{account_id}/logs/{account_log_id}', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const log = await makeAccountLog(ctx, owner);
      return { method: 'GET', url: `/v0/accounts/${log.accountId}/logs/${log.accountLogId}` };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('returns every field of the log, deleted ones included', async () => {
    const tenant = await makeTenant(ctx);
    const created = await makeAccountLog(ctx, tenant, {
      source: 'zendesk',
      type: 'ticket-opened',
      payload: { ticket: { id: 7, subject: 'Ça marche pas' } },
      idempotencyKey: 'ticket-7',
    });
    const url = `/v0/accounts/${created.accountId}/logs/${created.accountLogId}`;
    const response = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(response.status, 200, response.raw);
    assert.deepEqual(response.body, {
      accountId: created.accountId,
      accountLogId: created.accountLogId,
      source: 'zendesk',
      type: 'ticket-opened',
      payload: { ticket: { id: 7, subject: 'Ça marche pas' } },
      idempotencyKey: 'ticket-7',
      createdAt: created.createdAt,
      updatedAt: null,
      deletedAt: null,
    });
    await setLogDeleted(ctx.database.db, tenant.tenantId, 'account_logs', created.accountLogId, true);
    const deleted = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(deleted.status, 200);
    assert.match(deleted.body.deletedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const unkeyed = await makeAccountLog(ctx, tenant, { accountId: created.accountId });
    const read = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${created.accountId}/logs/${unkeyed.accountLogId}`,
      key: tenant.key,
    });
    assert.equal(read.body.idempotencyKey, null);
  });

  it('answers 404 for a log of another account, unknown ids and malformed ids', async () => {
    const tenant = await makeTenant(ctx);
    const log = await makeAccountLog(ctx, tenant);
    const other = await makeAccountLog(ctx, tenant);
    for (const [accountId, logId] of [
      [other.accountId, log.accountLogId],
      [log.accountId, 'accountlog_01jdq8m3k4e8v9t6w5x2y1z0ab'],
      ['account_01jdq8m3k4e8v9t6w5x2y1z0ab', log.accountLogId],
      [log.accountId, "' or 1=1 --"],
    ]) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/accounts/${encodeURIComponent(accountId!)}/logs/${encodeURIComponent(logId!)}`,
        key: tenant.key,
      });
      assert.equal(response.status, 404, `${accountId}/${logId}`);
      assert.equal(response.body.code, 'not_found');
    }
  });
});
