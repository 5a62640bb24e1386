import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeAccountLog, makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';

async function accounts(ctx: TestContext, tenant: TestTenant) {
  const response = await ctx.request({ method: 'GET', url: '/v0/accounts?limit=100', key: tenant.key });
  assert.equal(response.status, 200, response.raw);
  return response.body as { items: Record<string, unknown>[]; totalCount: number };
}

async function getLog(
  ctx: TestContext,
  tenant: TestTenant,
  log: { accountId: string; accountLogId: string },
) {
  const response = await ctx.request({
    method: 'GET',
    url: `/v0/accounts/${log.accountId}/logs/${log.accountLogId}`,
    key: tenant.key,
  });
  assert.equal(response.status, 200, response.raw);
  return response.body;
}

describeEachDatabase('POST /v0/account_logs', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const { accountId } = await makeAccountLog(ctx, owner);
      return { method: 'POST', url: '/v0/account_logs', body: { source: 'crm', payload: {}, accountId } };
    },
    okStatus: 201,
    otherTenant: { status: 404 },
  });

  it('creates the account of a domain, names it, and answers the create response with a Location', async () => {
    const tenant = await makeTenant(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/v0/account_logs',
      key: tenant.key,
      body: { source: 'hubspot', payload: { a: 1 }, domain: 'https://WWW.Acme.com/about', name: 'Acme Inc.' },
    });
    assert.equal(response.status, 201, response.raw);
    assert.deepEqual(Object.keys(response.body).sort(), [
      'accountId',
      'accountLogId',
      'createdAt',
      'source',
      'type',
    ]);
    assert.match(response.body.accountId, /^account_[a-z0-9]{26}$/);
    assert.match(response.body.accountLogId, /^accountlog_[a-z0-9]{26}$/);
    assert.equal(response.body.type, 'webhook', 'type defaults to webhook');
    assert.equal(response.body.source, 'hubspot');
    assert.equal(
      response.headers.location,
      `/v0/accounts/${response.body.accountId}/logs/${response.body.accountLogId}`,
    );
    const list = await accounts(ctx, tenant);
    assert.equal(list.totalCount, 1);
    assert.deepEqual(list.items[0], {
      accountId: response.body.accountId,
      domain: 'acme.com',
      name: 'Acme Inc.',
      createdAt: response.body.createdAt,
      updatedAt: response.body.createdAt,
      latestActivityAt: response.body.createdAt,
      linkedPersonsCount: 0,
    });
  });

  it('selects the account by accountId or domain, per the decisions', async () => {
    const tenant = await makeTenant(ctx);
    const first = await makeAccountLog(ctx, tenant, { domain: 'globex.com', type: 'deal-won' });
    // The same domain, spelled differently, is the same account; a name does not rename it.
    const again = await makeAccountLog(ctx, tenant, { domain: 'HTTP://globex.com./', name: 'Other Name' });
    assert.equal(again.accountId, first.accountId);
    const byId = await makeAccountLog(ctx, tenant, { accountId: first.accountId });
    assert.equal(byId.accountId, first.accountId);
    const byIdAndDomain = await makeAccountLog(ctx, tenant, {
      accountId: first.accountId,
      domain: 'www.globex.com',
    });
    assert.equal(byIdAndDomain.accountId, first.accountId);
    // Without a name, a new account is named after its domain.
    const initech = await makeAccountLog(ctx, tenant, { domain: 'initech.io' });
    const list = await accounts(ctx, tenant);
    assert.deepEqual(
      list.items.map((a) => [a.accountId, a.name]),
      [
        [initech.accountId, 'initech.io'],
        [first.accountId, 'globex.com'],
      ],
    );

    const cases: [Record<string, unknown>, number, string, string | null][] = [
      [{ accountId: first.accountId, domain: 'initech.io' }, 400, 'validation_failed', '/domain'],
      [{ accountId: 'account_01jdq8m3k4e8v9t6w5x2y1z0ab' }, 404, 'account_not_found', null],
      [{ accountId: 'account_zzzzzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'account_not_found', null],
      [{}, 400, 'validation_failed', '/accountId'],
      [{ name: 'Only A Name' }, 400, 'validation_failed', '/domain'],
      [{ domain: 'not a domain' }, 400, 'validation_failed', '/domain'],
      [{ domain: 'localhost' }, 400, 'validation_failed', '/domain'],
    ];
    for (const [selection, status, code, pointer] of cases) {
      const response = await ctx.request({
        method: 'POST',
        url: '/v0/account_logs',
        key: tenant.key,
        body: { source: 'crm', payload: {}, ...selection },
      });
      assert.equal(response.status, status, `${JSON.stringify(selection)}: ${response.raw}`);
      assert.equal(response.body.code, code);
      if (pointer !== null)
        assert.ok(
          response.body.errors.some((e: { pointer: string }) => e.pointer === pointer),
          response.raw,
        );
    }
    assert.equal((await accounts(ctx, tenant)).totalCount, 2, 'a rejected request creates no account');
  });

  it('round-trips payloads exactly: nested, unicode, large numbers, empty objects', async () => {
    const tenant = await makeTenant(ctx);
    const payloads = [
      {},
      { nested: { deeper: { deepest: [1, { x: null }, [], {}] } }, empty: {}, list: [] },
      { text: 'Zoë 李雷 🚀 \u0001 "quoted" \\ back\nslash', 'kéy with spaces': 'ü', '': 'empty key' },
      {
        max: Number.MAX_SAFE_INTEGER,
        min: -Number.MAX_SAFE_INTEGER,
        big: 1e300,
        tiny: 5e-324,
        neg: -0.5,
        f: 0.1,
      },
      { bool: true, no: false, nul: null, order: { z: 1, a: 2, m: 3 } },
      { big: 'x'.repeat(100_000) },
    ];
    for (const payload of payloads) {
      const log = await makeAccountLog(ctx, tenant, { payload });
      const read = await getLog(ctx, tenant, log);
      assert.deepEqual(read.payload, payload);
      assert.deepEqual(Object.keys(read.payload), Object.keys(payload), 'key order is kept');
    }
  });

  it('answers 400 naming the field for every bound of the interface, and writes nothing', async () => {
    const tenant = await makeTenant(ctx);
    const base = { source: 'crm', payload: {}, domain: 'bounds.example.com' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ source: '' }, '/source', 'too_short'],
      [{ source: 'x'.repeat(101) }, '/source', 'too_long'],
      [{ source: 'Has Caps' }, '/source', 'invalid_format'],
      [{ source: '-lead' }, '/source', 'invalid_format'],
      [{ source: 'double--dash' }, '/source', 'invalid_format'],
      [{ source: 42 }, '/source', 'invalid_type'],
      [{ source: undefined }, '/source', 'required'],
      [{ type: '' }, '/type', 'too_short'],
      [{ type: 'y'.repeat(101) }, '/type', 'too_long'],
      [{ type: 'web_hook' }, '/type', 'invalid_format'],
      [{ payload: undefined }, '/payload', 'required'],
      [{ payload: [] }, '/payload', 'invalid_type'],
      [{ payload: 'text' }, '/payload', 'invalid_type'],
      [{ payload: null }, '/payload', 'invalid_type'],
      [{ accountId: '' }, '/accountId', 'too_short'],
      [{ accountId: 'acct_123' }, '/accountId', 'invalid_format'],
      [{ accountId: 'account_01JDQ8M3K4E8V9T6W5X2Y1Z0AB' }, '/accountId', 'invalid_format'],
      [{ domain: '' }, '/domain', 'too_short'],
      [{ name: '' }, '/name', 'too_short'],
      [{ name: 'n'.repeat(256) }, '/name', 'too_long'],
      [{ idempotencyKey: '' }, '/idempotencyKey', 'too_short'],
      [{ idempotencyKey: 'k'.repeat(256) }, '/idempotencyKey', 'too_long'],
      [{ extra: 1 }, '/extra', 'unknown_field'],
    ];
    for (const [change, pointer, code] of cases) {
      const body = { ...base, ...change };
      const response = await ctx.request({ method: 'POST', url: '/v0/account_logs', key: tenant.key, body });
      assert.equal(response.status, 400, `${JSON.stringify(change)}: ${response.raw}`);
      assert.ok(
        response.body.errors.some(
          (e: { pointer: string; code: string }) => e.pointer === pointer && e.code === code,
        ),
        `${JSON.stringify(change)} should name ${pointer} (${code}): ${response.raw}`,
      );
    }
    // The upper bounds themselves are accepted.
    await makeAccountLog(ctx, tenant, {
      source: 's'.repeat(100),
      type: 't'.repeat(100),
      name: 'n'.repeat(255),
      idempotencyKey: 'k'.repeat(255),
    });
    assert.equal((await accounts(ctx, tenant)).totalCount, 1, 'only the valid request wrote anything');
  });

  it('replays a repeated idempotencyKey and answers 422 for the key with another body', async () => {
    const tenant = await makeTenant(ctx);
    const body = {
      source: 'stripe',
      type: 'invoice-paid',
      payload: { amount: 4200 },
      domain: 'replay.io',
      idempotencyKey: 'evt_1',
    };
    const first = await ctx.request({ method: 'POST', url: '/v0/account_logs', key: tenant.key, body });
    assert.equal(first.status, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const replay = await ctx.request({
      method: 'POST',
      url: '/v0/account_logs',
      key: tenant.key,
      // Key order does not matter; the same body is the same request.
      body: {
        idempotencyKey: 'evt_1',
        domain: 'replay.io',
        payload: { amount: 4200 },
        type: 'invoice-paid',
        source: 'stripe',
      },
    });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.body, first.body);
    for (const change of [
      { payload: { amount: 4201 } },
      { domain: 'other-domain.io' },
      { type: 'invoice-voided' },
    ]) {
      const reused = await ctx.request({
        method: 'POST',
        url: '/v0/account_logs',
        key: tenant.key,
        body: { ...body, ...change },
      });
      assert.equal(reused.status, 422, reused.raw);
      assert.equal(reused.body.code, 'idempotency_key_reused');
      assert.equal(reused.body.errors[0].pointer, '/idempotencyKey');
    }
    const list = await accounts(ctx, tenant);
    assert.equal(list.totalCount, 1, 'the 422 with another domain created no account');
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${first.body.accountId}/activity`,
      key: tenant.key,
    });
    assert.equal(activity.body.totalCount, 1);
    assert.equal(activity.body.items[0].idempotencyKey, 'evt_1');
    // Keys are per tenant: another tenant may use the same one.
    const other = await makeTenant(ctx);
    const elsewhere = await ctx.request({ method: 'POST', url: '/v0/account_logs', key: other.key, body });
    assert.equal(elsewhere.status, 201);
    assert.equal(elsewhere.headers['idempotent-replayed'], undefined);
  });

  it('creates exactly one log for 50 concurrent POSTs with one idempotencyKey', async () => {
    const tenant = await makeTenant(ctx);
    const body = {
      source: 'segment',
      payload: { n: 1 },
      domain: 'concurrent.example.org',
      idempotencyKey: 'same-key',
    };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.request({ method: 'POST', url: '/v0/account_logs', key: tenant.key, body }),
      ),
    );
    for (const response of responses) assert.equal(response.status, 201, response.raw);
    assert.equal(
      new Set(responses.map((r) => r.body.accountLogId)).size,
      1,
      'every answer names the same log',
    );
    assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1);
    const list = await accounts(ctx, tenant);
    assert.equal(list.totalCount, 1);
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${responses[0]!.body.accountId}/activity?limit=100`,
      key: tenant.key,
    });
    assert.equal(activity.body.totalCount, 1);
    assert.equal(activity.body.items.length, 1);
  });

  it('by accountId (one statement on PostgreSQL): one log for 50 concurrent POSTs of a key, 404 and 400 write nothing', async () => {
    const tenant = await makeTenant(ctx);
    const post = (body: Record<string, unknown>) =>
      ctx.request({ method: 'POST', url: '/v0/account_logs', key: tenant.key, body });
    const first = await post({ source: 'crm', payload: {}, domain: 'known.example.org' });
    assert.equal(first.status, 201, first.raw);
    const accountId = first.body.accountId as string;
    const body = { source: 'segment', payload: { n: 2 }, accountId, idempotencyKey: 'by-id' };
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(body)));
    for (const response of responses) assert.equal(response.status, 201, response.raw);
    assert.equal(
      new Set(responses.map((r) => r.body.accountLogId)).size,
      1,
      'every answer names the same log',
    );
    assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1);
    assert.equal((await post({ ...body, payload: { n: 3 } })).status, 422);

    const mismatch = await post({ source: 'crm', payload: {}, accountId, domain: 'other.example.org' });
    assert.equal(mismatch.status, 400, mismatch.raw);
    assert.equal(mismatch.body.errors[0].pointer, '/domain');
    const missing = await post({
      source: 'crm',
      payload: {},
      accountId: 'account_01h00000000000000000000000',
    });
    assert.equal(missing.status, 404, missing.raw);
    assert.equal(missing.body.code, 'account_not_found');

    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${accountId}/activity?limit=100`,
      key: tenant.key,
    });
    assert.equal(activity.body.totalCount, 2, 'the first log and the one keyed log, nothing else');
    assert.equal(activity.body.items.length, 2);
  });

  it('makes one account for concurrent creates of one domain', async () => {
    const tenant = await makeTenant(ctx);
    const logs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        makeAccountLog(ctx, tenant, { domain: i % 2 ? 'race.dev' : 'www.race.dev' }),
      ),
    );
    assert.equal(new Set(logs.map((l) => l.accountId)).size, 1);
    assert.equal((await accounts(ctx, tenant)).totalCount, 1);
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${logs[0]!.accountId}/activity`,
      key: tenant.key,
    });
    assert.equal(activity.body.totalCount, 20);
  });
});
