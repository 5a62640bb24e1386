import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAccountLog, makeTenant } from '../factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../harness.js';

/**
 * An operator deleting one log while another restores a log of the same account: the two
 * transactions move the account's live and deleted counters in opposite directions. Applied in
 * the order the code reaches them they deadlocked on PostgreSQL (40P01, a 500); in one order, and
 * with a deadlock retried, every answer is a 200 and the counters stay exact.
 */
const ROUNDS = 200;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describeEachDatabase('deleting and restoring logs of one account concurrently', (ctx) => {
  it(`answers 200 to both, ${ROUNDS} times, and keeps the counters exact`, { timeout: 180_000 }, async () => {
    const tenant = await makeTenant(ctx);
    const first = await makeAccountLog(ctx, tenant);
    const second = await makeAccountLog(ctx, tenant, { accountId: first.accountId });
    const setDeleted = (logId: string, deleted: boolean) =>
      ctx.request({
        method: 'POST',
        url: `/admin/v0/tenants/${tenant.tenantId}/logs/${logId}/${deleted ? 'delete' : 'undelete'}`,
        headers: admin,
      });
    assert.equal((await setDeleted(second.accountLogId, true)).status, 200);

    const statuses = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round++) {
      // Even rounds delete the first log and restore the second; odd rounds the other way round.
      const firstDeleted = round % 2 === 0;
      const answers = await Promise.all([
        setDeleted(first.accountLogId, firstDeleted),
        setDeleted(second.accountLogId, !firstDeleted),
      ]);
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    assert.deepEqual([...statuses], [[200, 2 * ROUNDS]], 'every answer was 200');

    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${first.accountId}/activity?includeDeleted=true`,
      key: tenant.key,
    });
    assert.equal(activity.body.totalCount, 2);
    const live = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${first.accountId}/activity`,
      key: tenant.key,
    });
    assert.equal(live.body.totalCount, 1);
  });
});
