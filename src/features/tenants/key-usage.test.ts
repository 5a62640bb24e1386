import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { keyUsageRecorder } from './key-usage.js';

describeEachDatabase('API key last use', (ctx) => {
  it('is written at most once a minute per key, after the call returns', async () => {
    const tenant = await makeTenant(ctx);
    let clock = 1_000_000;
    const record = keyUsageRecorder(ctx.database.db, { now: () => clock });
    const lastUsed = async () =>
      (
        await ctx.database.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', tenant.keyId)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    // Waits for the write in flight (a PostgreSQL round trip) to land, or for none to come.
    const settle = async (expected: number) => {
      for (let i = 0; i < 40 && Number(await lastUsed()) !== expected; i++) await sleep(10);
      await sleep(50);
    };

    record(tenant.keyId);
    assert.equal(await lastUsed(), null, 'nothing is written while the request runs');
    await settle(1_000_000);
    assert.equal(Number(await lastUsed()), 1_000_000);

    clock += 59_000;
    record(tenant.keyId);
    await settle(1_000_000);
    assert.equal(Number(await lastUsed()), 1_000_000, 'within the minute: no write');

    clock += 2_000;
    record(tenant.keyId);
    await settle(1_061_000);
    assert.equal(Number(await lastUsed()), 1_061_000);
  });
});
