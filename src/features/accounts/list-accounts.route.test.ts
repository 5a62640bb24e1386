import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite, SEES_AN_EMPTY_LIST } from '../../../test/auth-suite.js';
import { makeAccountLog, makePerson, makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { importAccountLogs } from '../activity/account-logs.service.js';
import { setLogDeleted } from '../activity/logs.service.js';
import { createPersonLog } from '../activity/person-logs.service.js';

interface AccountItem {
  accountId: string;
  domain: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  latestActivityAt: string;
  linkedPersonsCount: number;
}

async function list(ctx: TestContext, tenant: TestTenant, query = '') {
  const response = await ctx.request({
    method: 'GET',
    url: `/v0/accounts?limit=100${query}`,
    key: tenant.key,
  });
  assert.equal(response.status, 200, response.raw);
  return response.body as {
    items: AccountItem[];
    totalCount: number;
    hasMore: boolean;
    nextCursor: string | null;
  };
}

async function account(ctx: TestContext, tenant: TestTenant, accountId: string): Promise<AccountItem> {
  const found = (await list(ctx, tenant)).items.find((a) => a.accountId === accountId);
  assert.ok(found, accountId);
  return found;
}

describeEachDatabase('GET /v0/accounts', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      await makeAccountLog(ctx, owner);
      return { method: 'GET', url: '/v0/accounts?includeEmptyOnly=true' };
    },
    okStatus: 200,
    otherTenant: SEES_AN_EMPTY_LIST,
  });

  it('links persons with a domain to their account and counts them; includeEmptyOnly lists the others', async () => {
    const tenant = await makeTenant(ctx);
    const lonely = await makeAccountLog(ctx, tenant, { domain: 'lonely.example.com' });
    const ada = await makePerson(ctx, tenant, { name: 'Ada', domain: 'https://www.Busy.example.com/team' });
    await makePerson(ctx, tenant, { name: 'Charles', domain: 'busy.example.com' });
    await makePerson(ctx, tenant, { name: 'No Domain' });
    const all = await list(ctx, tenant);
    assert.equal(all.totalCount, 2);
    const busy = all.items[0]!;
    assert.deepEqual(
      { ...busy, accountId: undefined },
      {
        accountId: undefined,
        domain: 'busy.example.com',
        name: 'busy.example.com',
        createdAt: ada.createdAt,
        updatedAt: busy.updatedAt,
        latestActivityAt: ada.createdAt,
        linkedPersonsCount: 2,
      },
    );
    assert.equal(all.items[1]!.accountId, lonely.accountId);
    assert.equal(all.items[1]!.linkedPersonsCount, 0);
    const empty = await list(ctx, tenant, '&includeEmptyOnly=True');
    assert.deepEqual(
      empty.items.map((a) => a.accountId),
      [lonely.accountId],
    );
    assert.equal(empty.totalCount, 1);
    assert.equal((await list(ctx, tenant, '&includeEmptyOnly=0')).totalCount, 2);
    // A person joining the empty account takes it off the empty list.
    await makePerson(ctx, tenant, { domain: 'lonely.example.com' });
    const after = await list(ctx, tenant, '&includeEmptyOnly=1');
    assert.deepEqual(after.items, []);
    assert.equal(after.totalCount, 0);
    assert.equal((await account(ctx, tenant, lonely.accountId)).linkedPersonsCount, 1);
    // A log posted to the domain afterwards finds the same account.
    const log = await makeAccountLog(ctx, tenant, { domain: 'busy.example.com' });
    assert.equal(log.accountId, busy.accountId);
  });

  it('keeps linkedPersonsCount and the empty count exact under concurrent person creates', async () => {
    const tenant = await makeTenant(ctx);
    await Promise.all(
      Array.from({ length: 15 }, (_, i) => makePerson(ctx, tenant, { domain: `c${i % 3}.example.com` })),
    );
    const all = await list(ctx, tenant);
    assert.equal(all.totalCount, 3);
    assert.deepEqual(
      all.items.map((a) => a.linkedPersonsCount),
      [5, 5, 5],
    );
    assert.equal((await list(ctx, tenant, '&includeEmptyOnly=true')).totalCount, 0);
  });

  it('keeps latestActivityAt right as logs are added, deleted and restored', async () => {
    const tenant = await makeTenant(ctx);
    const db = ctx.database.db;
    const first = await makeAccountLog(ctx, tenant, { domain: 'timeline.example.com' });
    const created = await account(ctx, tenant, first.accountId);
    assert.equal(created.latestActivityAt, first.createdAt);
    const now = Date.now();
    const [older, newer] = await importAccountLogs(db, tenant.tenantId, first.accountId, [
      { source: 'crm', type: 'call', payload: {}, createdAt: now + 10_000 },
      { source: 'crm', type: 'call', payload: {}, createdAt: now + 20_000 },
    ]);
    const iso = (ms: number) => new Date(ms).toISOString();
    assert.equal((await account(ctx, tenant, first.accountId)).latestActivityAt, iso(now + 20_000));
    await setLogDeleted(db, tenant.tenantId, 'account_logs', newer!, true);
    assert.equal((await account(ctx, tenant, first.accountId)).latestActivityAt, iso(now + 10_000));
    // A person log of a linked person counts too.
    const person = await makePerson(ctx, tenant, { domain: 'timeline.example.com' });
    const personLog = await createPersonLog(
      db,
      tenant.tenantId,
      person.personId,
      { source: 'user', payload: {} },
      now + 15_000,
    );
    assert.equal((await account(ctx, tenant, first.accountId)).latestActivityAt, iso(now + 15_000));
    await setLogDeleted(db, tenant.tenantId, 'person_logs', personLog.record.id, true);
    await setLogDeleted(db, tenant.tenantId, 'account_logs', older!, true);
    await setLogDeleted(db, tenant.tenantId, 'account_logs', first.accountLogId, true);
    // No live log left: the account's own createdAt.
    assert.equal((await account(ctx, tenant, first.accountId)).latestActivityAt, created.createdAt);
    assert.equal(await setLogDeleted(db, tenant.tenantId, 'account_logs', newer!, false), 'restored');
    assert.equal(await setLogDeleted(db, tenant.tenantId, 'account_logs', newer!, false), 'not_deleted');
    assert.equal((await account(ctx, tenant, first.accountId)).latestActivityAt, iso(now + 20_000));
  });

  it('pages newest first with exact totals, and binds the cursor to includeEmptyOnly', async () => {
    const tenant = await makeTenant(ctx);
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      created.push((await makeAccountLog(ctx, tenant, { domain: `page${i}.example.com` })).accountId);
      // Distinct milliseconds: within one, ids (random after the time part) decide the order.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (let i = 0; i < 3; i++) await makePerson(ctx, tenant, { domain: `page${i}.example.com` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v0/accounts?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await ctx.request({ method: 'GET', url, key: tenant.key });
      assert.equal(page.body.totalCount, 7);
      seen.push(...page.body.items.map((a: AccountItem) => a.accountId));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(seen, [...created].reverse());
    const emptyPage = await ctx.request({
      method: 'GET',
      url: '/v0/accounts?limit=2&includeEmptyOnly=true',
      key: tenant.key,
    });
    assert.equal(emptyPage.body.totalCount, 4);
    assert.deepEqual(
      emptyPage.body.items.map((a: AccountItem) => a.accountId),
      [created[6], created[5]],
    );
    const rest = await ctx.request({
      method: 'GET',
      url: `/v0/accounts?limit=2&includeEmptyOnly=true&cursor=${emptyPage.body.nextCursor}`,
      key: tenant.key,
    });
    assert.deepEqual(
      rest.body.items.map((a: AccountItem) => a.accountId),
      [created[4], created[3]],
    );
    assert.equal(rest.body.hasMore, false);
    const mismatched = await ctx.request({
      method: 'GET',
      url: `/v0/accounts?limit=2&cursor=${emptyPage.body.nextCursor}`,
      key: tenant.key,
    });
    assert.equal(mismatched.status, 400);
    assert.equal(mismatched.body.code, 'invalid_cursor');
    for (const value of ['', 'yes', 'null']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/accounts?includeEmptyOnly=${value}`,
        key: tenant.key,
      });
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].parameter, 'includeEmptyOnly');
    }
  });
});
