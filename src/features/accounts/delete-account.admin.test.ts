import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { seedDemo } from '../../seed/demo.js';

describeEachDatabase('DELETE /admin/v0/tenants/{tenant}/accounts/{accountId}', (ctx) => {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const call = (method: 'GET' | 'DELETE', url: string) =>
    ctx.request({ method, url: `/admin/v0${url}`, headers: admin });
  const accountOf = async (tenantId: string, personId: string) =>
    (
      await ctx.database.db
        .selectFrom('persons')
        .select('account_id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', personId)
        .executeTakeFirstOrThrow()
    ).account_id;

  it('removes the account and its logs; its persons and their logs stay, unlinked', async () => {
    const seed = await seedDemo(ctx.database.db);
    const t = `/tenants/${seed.tenantId}`;
    const accountId = await accountOf(seed.tenantId, seed.personId);
    assert.ok(accountId, 'the seed links the person to an account');
    const accountsBefore = (await call('GET', `${t}/accounts`)).body.totalCount;
    const ownLogs = await ctx.database.db
      .selectFrom('account_logs')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    const linked = await ctx.database.db
      .selectFrom('persons')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();

    const dry = await call('DELETE', `${t}/accounts/${accountId}?dryRun=true`);
    assert.equal(dry.status, 200, dry.raw);
    assert.equal(dry.body.dryRun, true);
    assert.equal(dry.body.removed.accounts, 1);
    assert.equal(dry.body.removed.accountLogs ?? 0, ownLogs.length);
    assert.equal(dry.body.changed.unlinkedPersons, linked.length);
    assert.equal((await call('GET', `${t}/accounts/${accountId}`)).status, 200, 'a dry run removes nothing');

    const done = await call('DELETE', `${t}/accounts/${accountId}`);
    assert.equal(done.status, 200, done.raw);
    assert.deepEqual(done.body.removed, dry.body.removed);
    assert.deepEqual(done.body.changed, dry.body.changed);
    assert.equal((await call('GET', `${t}/accounts/${accountId}`)).status, 404);
    assert.equal((await call('GET', `${t}/persons/${seed.personId}`)).status, 200, 'the person stays');
    assert.equal(await accountOf(seed.tenantId, seed.personId), null);
    assert.deepEqual(
      await ctx.database.db
        .selectFrom('account_logs')
        .select('id')
        .where('account_id', '=', accountId)
        .execute(),
      [],
    );
    assert.deepEqual(
      await ctx.database.db
        .selectFrom('person_logs')
        .select('id')
        .where('account_id', '=', accountId)
        .execute(),
      [],
      'person logs stay, without the account',
    );
    assert.equal((await call('GET', `${t}/accounts`)).body.totalCount, accountsBefore - 1);
  });

  it("another tenant's account is a 404", async () => {
    const seed = await seedDemo(ctx.database.db);
    const accountId = await accountOf(seed.tenantId, seed.personId);
    const other = await makeTenant(ctx);
    assert.equal((await call('DELETE', `/tenants/${other.tenantId}/accounts/${accountId}`)).status, 404);
    assert.equal((await call('GET', `/tenants/${seed.tenantId}/accounts/${accountId}`)).status, 200);
  });
});
