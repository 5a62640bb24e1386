import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAccountLog, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { eventsAfter } from '../../outbox/outbox.repository.js';
import { sequenceEvents } from '../../outbox/sequencer.js';

/** account.created and account_log.created, on both ingestion paths (PostgreSQL's one statement too). */
describeEachDatabase('the events of account logs', (ctx) => {
  const eventsOf = async (tenantId: string) => {
    while ((await sequenceEvents(ctx.database.db, { wait: true })) > 0);
    return (await eventsAfter(ctx.database.db, 0, 1000, tenantId)).map((e) => ({
      type: e.type,
      data: JSON.parse(e.data),
    }));
  };

  it('a log announces itself (and the account it created); a replay, a 404 and a 400 announce nothing', async () => {
    const tenant = await makeTenant(ctx);
    const first = await makeAccountLog(ctx, tenant, { domain: 'events.example.com', idempotencyKey: 'k1' });
    // By accountId: on PostgreSQL the one-statement path, its event in the same statement.
    const second = await makeAccountLog(ctx, tenant, { accountId: first.accountId, idempotencyKey: 'k2' });
    await makeAccountLog(ctx, tenant, { accountId: first.accountId, idempotencyKey: 'k2' });
    await makeAccountLog(ctx, tenant, { domain: 'events.example.com', idempotencyKey: 'k1' });
    const post = (body: Record<string, unknown>) =>
      ctx.request({
        method: 'POST',
        url: '/v0/account_logs',
        key: tenant.key,
        body: { source: 'crm', payload: {}, ...body },
      });
    assert.equal((await post({ accountId: 'account_01jdq8m3k4e8v9t6w5x2y1z0ab' })).status, 404);
    assert.equal((await post({ accountId: first.accountId, domain: 'other.example.com' })).status, 400);

    const events = await eventsOf(tenant.tenantId);
    assert.deepEqual(
      events.map((e) => e.type),
      ['account.created', 'account_log.created', 'account_log.created'],
    );
    assert.equal(events[0]!.data.account.accountId, first.accountId);
    assert.equal(events[0]!.data.account.domain, 'events.example.com');
    assert.deepEqual(events[1]!.data.accountLog, first);
    assert.deepEqual(events[2]!.data.accountLog, second);
  });
});
