import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAccountLog, makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { Batcher } from '../../db/batcher.js';
import { deleteAccount } from '../accounts/delete-account.service.js';

describeEachDatabase('batched account-log ingestion', (ctx) => {
  it('writes concurrent logs of one account together, with exact counts and latestActivityAt', async () => {
    const tenant = await makeTenant(ctx);
    const { accountId } = await makeAccountLog(ctx, tenant);
    const other = (await makeAccountLog(ctx, tenant)).accountId;
    const post = (body: Record<string, unknown>) =>
      ctx.request({ method: 'POST', url: '/v0/account_logs', key: tenant.key, body });
    const responses = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => post({ source: 'crm', payload: { i }, accountId })),
      ...Array.from({ length: 5 }, (_, i) => post({ source: 'crm', payload: { i }, accountId: other })),
      // In the same batches: each answers exactly why it was not written, and nothing else fails.
      post({ source: 'crm', payload: {}, accountId: 'account_00000000000000000000000000' }),
      post({ source: 'crm', payload: {}, accountId, domain: 'not-its-domain.example.com' }),
      post({ source: 'crm', payload: { first: true }, accountId, idempotencyKey: 'same-key' }),
      post({ source: 'crm', payload: { first: true }, accountId, idempotencyKey: 'same-key' }),
      post({ source: 'crm', payload: { other: true }, accountId, idempotencyKey: 'same-key' }),
    ]);
    const statuses = responses.map((r) => r.status);
    assert.deepEqual(statuses.slice(0, 35), Array(35).fill(201), JSON.stringify(statuses));
    assert.equal(statuses[35], 404);
    assert.equal(responses[35]!.body.code, 'account_not_found');
    assert.equal(statuses[36], 400);
    assert.equal(responses[36]!.body.errors[0].pointer, '/domain');
    // One of the three bodies with the key wins the race; a same body replays it, another is a 422.
    const keyed = responses.slice(37);
    const won = keyed.filter((r) => r.status === 201);
    assert.equal(new Set(won.map((r) => r.body.accountLogId)).size, 1, 'one log for the key');
    assert.equal(won.filter((r) => r.headers['idempotent-replayed'] === 'true').length, won.length - 1);
    const otherWon = won.length === 1 && keyed[2]!.status === 201;
    assert.deepEqual(
      keyed.map((r) => r.status),
      otherWon ? [422, 422, 201] : [201, 201, 422],
      keyed.map((r) => r.raw).join(),
    );

    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${accountId}/activity?limit=100`,
      key: tenant.key,
    });
    assert.equal(activity.status, 200, activity.raw);
    // The log that created the account, 30 logs and the keyed one.
    assert.equal(activity.body.totalCount, 32);
    assert.equal(activity.body.items.length, 32);
    const newest = Math.max(...responses.slice(0, 30).map((r) => Date.parse(r.body.createdAt)));
    const list = await ctx.request({ method: 'GET', url: '/v0/accounts?limit=100', key: tenant.key });
    const account = list.body.items.find((a: { accountId: string }) => a.accountId === accountId);
    assert.ok(Date.parse(account.latestActivityAt) >= newest, list.raw);
    const small = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${other}/activity?limit=100`,
      key: tenant.key,
    });
    assert.equal(small.body.totalCount, 6);
  });

  it('batches concurrent logs by domain like logs by id: one account per domain, exact counts, one log per key', async () => {
    const tenant = await makeTenant(ctx);
    const known = await makeAccountLog(ctx, tenant, { domain: 'known.example.com', name: 'Known' });
    // An account created for a person's email is named after its domain: a log's name renames it.
    await makePerson(ctx, tenant, { email: 'ana@person.example.com' });
    const post = (body: Record<string, unknown>) =>
      ctx.request({
        method: 'POST',
        url: '/v0/account_logs',
        key: tenant.key,
        body: { source: 'crm', ...body },
      });
    const responses = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => post({ payload: { i }, domain: 'KNOWN.example.com' })),
      ...Array.from({ length: 10 }, (_, i) => post({ payload: { i }, domain: 'new.example.com' })),
      post({ payload: { first: true }, domain: 'known.example.com', idempotencyKey: 'key' }),
      post({ payload: { first: true }, domain: 'known.example.com', idempotencyKey: 'key' }),
      post({ payload: {}, domain: 'person.example.com', name: 'Person Inc' }),
    ]);
    assert.deepEqual(
      responses.map((r) => r.status),
      Array(43).fill(201),
      responses.map((r) => r.raw).join(),
    );
    assert.ok(responses.slice(0, 30).every((r) => r.body.accountId === known.accountId));
    assert.equal(new Set(responses.slice(30, 40).map((r) => r.body.accountId)).size, 1, 'one new account');
    assert.equal(responses[40]!.body.accountLogId, responses[41]!.body.accountLogId, 'one log for the key');

    const totalOf = async (accountId: string) =>
      (
        await ctx.request({
          method: 'GET',
          url: `/v0/accounts/${accountId}/activity?limit=1`,
          key: tenant.key,
        })
      ).body.totalCount;
    assert.equal(await totalOf(known.accountId), 32, 'the first log, 30 logs and the keyed one');
    assert.equal(await totalOf(responses[30]!.body.accountId), 10);
    const list = await ctx.request({ method: 'GET', url: '/v0/accounts?limit=100', key: tenant.key });
    assert.equal(list.body.totalCount, 3, list.raw);
    const renamed = list.body.items.find((a: { domain: string }) => a.domain === 'person.example.com');
    assert.equal(renamed.accountId, responses[42]!.body.accountId);
    assert.equal(
      renamed.name,
      'Person Inc',
      "the log's name is adopted by the account named after its domain",
    );
  });

  it('a remembered account of a domain that is gone since: the log creates the new account, counted once', async () => {
    const tenant = await makeTenant(ctx);
    const post = (payload: Record<string, unknown>) =>
      ctx.request({
        method: 'POST',
        url: '/v0/account_logs',
        key: tenant.key,
        body: { source: 'crm', domain: 'gone.example.com', payload },
      });
    const first = await post({ n: 1 });
    assert.equal((await post({ n: 2 })).body.accountId, first.body.accountId, 'remembered');
    await deleteAccount(ctx.database.db, tenant.tenantId, first.body.accountId, { dryRun: false });
    const after = await Promise.all([post({ n: 3 }), post({ n: 4 }), post({ n: 5 })]);
    assert.deepEqual(
      after.map((r) => r.status),
      [201, 201, 201],
      after.map((r) => r.raw).join(),
    );
    const accountId = after[0]!.body.accountId;
    assert.notEqual(accountId, first.body.accountId);
    assert.ok(
      after.every((r) => r.body.accountId === accountId),
      'one new account',
    );
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${accountId}/activity?limit=10`,
      key: tenant.key,
    });
    assert.equal(activity.body.totalCount, 3, activity.raw);
    assert.equal(activity.body.items.length, 3);
  });
});

it('Batcher: the items of one turn go in one flush, and the next ones wait for it', async () => {
  const flushes: number[][] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const batcher = new Batcher<number, number>(async (items) => {
    flushes.push(items);
    if (flushes.length === 1) await held;
    return items.map((item) => item * 2);
  }, 3);
  const first = [1, 2, 3, 4].map((item) => batcher.add(item));
  await new Promise((resolve) => setImmediate(resolve));
  const later = [5, 6].map((item) => batcher.add(item));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(flushes, [[1, 2, 3]], 'at most maxItems, and one flush at a time');
  release();
  assert.deepEqual(await Promise.all([...first, ...later]), [2, 4, 6, 8, 10, 12]);
  assert.deepEqual(flushes, [
    [1, 2, 3],
    [4, 5, 6],
  ]);
  const failing = new Batcher<number, number>(async () => {
    throw new Error('down');
  }, 10);
  await assert.rejects(Promise.all([failing.add(1), failing.add(2)]), /down/);
});
