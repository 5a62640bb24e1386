import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeAccountLog, makePerson, makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { importAccountLogs } from './account-logs.service.js';
import { setLogDeleted } from './logs.service.js';
import { createPersonLog } from './person-logs.service.js';

interface Item {
  activityId: string;
  accountLogId: string | null;
  personId: string | null;
  personLogId: string | null;
  personName: string | null;
  createdAt: string;
  deletedAt: string | null;
}

/** Every item of the activity, page by page, checking the envelope and totalCount on each page. */
async function allActivity(
  ctx: TestContext,
  tenant: TestTenant,
  accountId: string,
  query: string,
  limit: number,
) {
  const items: Item[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  let pages = 0;
  do {
    const url: string = `/v0/accounts/${accountId}/activity?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(page.status, 200, page.raw);
    total ??= page.body.totalCount;
    assert.equal(page.body.totalCount, total, 'totalCount is the same on every page');
    assert.equal(page.body.hasMore, page.body.nextCursor !== null);
    if (page.body.hasMore) assert.equal(page.body.items.length, limit);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
    pages++;
  } while (cursor !== null);
  return { items, totalCount: total!, pages };
}

function assertNewestFirst(items: Item[]) {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1]!, items[i]!];
    assert.ok(
      a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.activityId > b.activityId),
      `${i}`,
    );
  }
}

describeEachDatabase('GET /v0/accounts/{account_id}/activity', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const log = await makeAccountLog(ctx, owner);
      return { method: 'GET', url: `/v0/accounts/${log.accountId}/activity?includePersonActivity=true` };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('lists account logs newest first, with person logs and deleted logs only when asked', async () => {
    const tenant = await makeTenant(ctx);
    const db = ctx.database.db;
    const first = await makeAccountLog(ctx, tenant, { domain: 'activity.example.com', payload: { n: 1 } });
    const ada = await makePerson(ctx, tenant, { name: 'Ada', domain: 'activity.example.com' });
    const personLog = (
      await createPersonLog(db, tenant.tenantId, ada.personId, {
        source: 'user',
        type: 'note',
        payload: { text: 'hi' },
      })
    ).record;
    const second = await makeAccountLog(ctx, tenant, { accountId: first.accountId, idempotencyKey: 'k2' });
    const gone = await makeAccountLog(ctx, tenant, { accountId: first.accountId });
    await setLogDeleted(db, tenant.tenantId, 'account_logs', gone.accountLogId, true);
    // A person of another account and an unlinked person do not appear.
    const bob = await makePerson(ctx, tenant, { domain: 'elsewhere.example.com' });
    await createPersonLog(db, tenant.tenantId, bob.personId, { source: 'user', payload: {} });

    const get = (query: string) =>
      ctx.request({
        method: 'GET',
        url: `/v0/accounts/${first.accountId}/activity${query}`,
        key: tenant.key,
      });
    const plain = await get('');
    assert.equal(plain.status, 200, plain.raw);
    assert.deepEqual(
      plain.body.items.map((i: Item) => i.activityId),
      [second.accountLogId, first.accountLogId],
    );
    assert.equal(plain.body.totalCount, 2);
    assert.deepEqual(plain.body.items[1], {
      activityId: first.accountLogId,
      accountId: first.accountId,
      accountLogId: first.accountLogId,
      personId: null,
      personLogId: null,
      personName: null,
      source: 'hubspot',
      type: 'webhook',
      idempotencyKey: null,
      payload: { n: 1 },
      createdAt: first.createdAt,
      updatedAt: null,
      deletedAt: null,
    });
    assert.equal(plain.body.items[0].idempotencyKey, 'k2');

    const withPersons = await get('?includePersonActivity=TRUE');
    assert.deepEqual(
      withPersons.body.items.map((i: Item) => i.activityId).sort(),
      [second.accountLogId, first.accountLogId, personLog.id].sort(),
    );
    assert.equal(withPersons.body.totalCount, 3);
    const personItem = withPersons.body.items.find((i: Item) => i.activityId === personLog.id);
    assert.deepEqual(
      { ...personItem, createdAt: undefined },
      {
        activityId: personLog.id,
        accountId: first.accountId,
        accountLogId: null,
        personId: ada.personId,
        personLogId: personLog.id,
        personName: 'Ada',
        source: 'user',
        type: 'note',
        idempotencyKey: null,
        payload: { text: 'hi' },
        createdAt: undefined,
        updatedAt: null,
        deletedAt: null,
      },
    );
    assertNewestFirst(withPersons.body.items);

    const withDeleted = await get('?includeDeleted=1');
    assert.deepEqual(
      withDeleted.body.items.map((i: Item) => i.activityId),
      [gone.accountLogId, second.accountLogId, first.accountLogId],
    );
    assert.ok(withDeleted.body.items[0].deletedAt !== null);
    assert.equal(withDeleted.body.totalCount, 3);
    assert.equal((await get('?includeDeleted=true&includePersonActivity=1')).body.totalCount, 4);
    assert.equal((await get('?includeDeleted=false&includePersonActivity=0')).body.totalCount, 2);
  });

  it('answers 400 naming the parameter for bad flag values, and 404 account_not_found', async () => {
    const tenant = await makeTenant(ctx);
    const log = await makeAccountLog(ctx, tenant);
    for (const param of ['includeDeleted', 'includePersonActivity']) {
      for (const value of ['', 'yes', '2', 'truee', 'on']) {
        const response = await ctx.request({
          method: 'GET',
          url: `/v0/accounts/${log.accountId}/activity?${param}=${value}`,
          key: tenant.key,
        });
        assert.equal(response.status, 400, `${param}=${value}: ${response.raw}`);
        assert.equal(response.body.errors[0].parameter, param);
      }
    }
    for (const limit of ['0', '-3', '2.5', 'x']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/accounts/${log.accountId}/activity?limit=${limit}`,
        key: tenant.key,
      });
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].parameter, 'limit');
    }
    for (const id of ['account_01jdq8m3k4e8v9t6w5x2y1z0ab', 'nope']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/accounts/${id}/activity`,
        key: tenant.key,
      });
      assert.equal(response.status, 404);
      assert.equal(response.body.code, 'account_not_found');
    }
  });

  it('binds the cursor to the account and the flags', async () => {
    const tenant = await makeTenant(ctx);
    const log = await makeAccountLog(ctx, tenant);
    for (let i = 0; i < 3; i++) await makeAccountLog(ctx, tenant, { accountId: log.accountId });
    const other = await makeAccountLog(ctx, tenant);
    const first = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${log.accountId}/activity?limit=2`,
      key: tenant.key,
    });
    const cursor = first.body.nextCursor;
    assert.equal(typeof cursor, 'string');
    for (const url of [
      `/v0/accounts/${log.accountId}/activity?limit=2&includeDeleted=true&cursor=${cursor}`,
      `/v0/accounts/${log.accountId}/activity?limit=2&includePersonActivity=true&cursor=${cursor}`,
      `/v0/accounts/${other.accountId}/activity?limit=2&cursor=${cursor}`,
      `/v0/accounts/${log.accountId}/activity?cursor=garbage`,
    ]) {
      const response = await ctx.request({ method: 'GET', url, key: tenant.key });
      assert.equal(response.status, 400, url);
      assert.equal(response.body.code, 'invalid_cursor');
    }
    // Flags spelled differently are the same filter.
    const same = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${log.accountId}/activity?limit=2&includeDeleted=FALSE&cursor=${cursor}`,
      key: tenant.key,
    });
    assert.equal(same.status, 200, same.raw);
    assert.equal(same.body.items.length, 2);
  });

  it('pages an account with 10,000 logs completely and exactly, merged with person logs', async () => {
    const tenant = await makeTenant(ctx);
    const db = ctx.database.db;
    const seed = await makeAccountLog(ctx, tenant, { domain: 'tenk.example.com' });
    const base = Date.now() - 1_000_000;
    // Three logs per millisecond: ties on createdAt are the rule, so the id tie-break matters.
    const imported = await importAccountLogs(
      db,
      tenant.tenantId,
      seed.accountId,
      Array.from({ length: 9_999 }, (_, i) => ({
        source: 'segment',
        type: 'page-view',
        payload: { i },
        createdAt: base + Math.floor(i / 3),
      })),
    );
    const all = new Set([seed.accountLogId, ...imported]);
    assert.equal(all.size, 10_000);
    const persons = [
      await makePerson(ctx, tenant, { name: 'P One', domain: 'tenk.example.com' }),
      await makePerson(ctx, tenant, { name: 'P Two', domain: 'tenk.example.com' }),
    ];
    const personLogIds = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const person = persons[i % 2]!;
      // Same milliseconds as account logs: the two kinds tie and must still interleave exactly.
      const at = base + i * 80;
      personLogIds.add(
        (await createPersonLog(db, tenant.tenantId, person.personId, { source: 'user', payload: { i } }, at))
          .record.id,
      );
    }
    const deletedIds = imported.slice(100, 110);
    for (const id of deletedIds) await setLogDeleted(db, tenant.tenantId, 'account_logs', id, true);

    const own = await allActivity(ctx, tenant, seed.accountId, '', 100);
    assert.equal(own.totalCount, 10_000 - 10);
    assert.equal(own.items.length, 10_000 - 10);
    assert.equal(new Set(own.items.map((i) => i.activityId)).size, own.items.length, 'no duplicates');
    for (const item of own.items) assert.ok(all.has(item.activityId));
    assertNewestFirst(own.items);

    const merged = await allActivity(
      ctx,
      tenant,
      seed.accountId,
      '&includePersonActivity=true&includeDeleted=true',
      97,
    );
    assert.equal(merged.totalCount, 10_040);
    assert.equal(merged.items.length, 10_040);
    const ids = new Set(merged.items.map((i) => i.activityId));
    assert.equal(ids.size, 10_040, 'every log exactly once');
    for (const id of [...all, ...personLogIds]) assert.ok(ids.has(id), id);
    assertNewestFirst(merged.items);
    assert.equal(merged.items.filter((i) => i.deletedAt !== null).length, 10);
    assert.equal(merged.items.filter((i) => i.personLogId !== null).length, 40);
  });
});
