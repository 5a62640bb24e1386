import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeOperator, signIn, signInAs } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

interface AuditEntry {
  actor: { kind: string; id?: string | null; label: string };
  action: string;
  recordId: string | null;
  after: unknown;
  ip: string | null;
  requestId: string;
}

const PAGE = { brandId: 'acme', name: 'Spring launch', title: 'Spring' };

describeEachDatabase('the audit log', (ctx) => {
  it('records the actions of each kind of actor: operator, admin token, API key and CLI', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/admin/v0/tenants/${tenant.tenantId}`;
    const operator = await makeOperator(ctx, tenant.tenantId, 'admin'); // by the CLI
    const session = await signIn(ctx, operator.email, operator.password);
    const created = await session.request('POST', `${base}/pages`, PAGE);
    assert.equal(created.status, 201, created.raw);
    const edited = await session.request('PATCH', `${base}/pages/${created.body.pageId}`, {
      name: 'Summer launch',
    });
    assert.equal(edited.status, 200, edited.raw);
    const bearer = await ctx.request({
      method: 'POST',
      url: `${base}/pages/${created.body.pageId}/archive`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(bearer.status, 200, bearer.raw);
    const person = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: { name: 'Ada' },
    });
    assert.equal(person.status, 201, person.raw);

    const log = await session.request('GET', `${base}/audit`);
    assert.equal(log.status, 200, log.raw);
    const entries = log.body.items as AuditEntry[];
    const summary = entries.map((e) => [e.actor.kind, e.actor.label, e.action, e.recordId]);
    assert.deepEqual(summary, [
      ['api_key', tenant.key.slice(0, 12), 'v0.createPerson', person.body.personId ?? person.body.id],
      ['admin_token', 'admin-token', 'page.archive', created.body.pageId],
      ['operator', operator.email, 'page.update', created.body.pageId],
      ['operator', operator.email, 'page.create', created.body.pageId],
      ['operator', operator.email, 'session.sign_in', operator.operatorId],
      ['cli', 'cli', 'operator.create', operator.operatorId],
    ]);
    const update = entries[2] as AuditEntry;
    assert.deepEqual(update.after, { name: 'Summer launch' });
    assert.equal(typeof update.ip, 'string');
    assert.match(update.requestId, /^req_/);
    assert.equal(log.body.totalCount, null);
    // A /v0 write names its record but does not copy the integration's data.
    assert.equal((entries[0] as AuditEntry).after, null);
  });

  it('records nothing for a refused or failed write, and never a secret', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/admin/v0/tenants/${tenant.tenantId}`;
    const admin = await signInAs(ctx, tenant.tenantId, 'admin');
    const viewer = await signInAs(ctx, tenant.tenantId, 'viewer');
    assert.equal((await admin.request('POST', `${base}/pages`, { name: 'no brand' })).status, 400);
    assert.equal((await viewer.request('POST', `${base}/pages`, PAGE)).status, 403);
    assert.equal(
      (await admin.request('POST', `${base}/pages/page_01jd0000000000000000000000/archive`)).status,
      404,
    );
    const key = await admin.request('POST', `${base}/keys`, { label: 'ci' });
    assert.equal(key.status, 201, key.raw);
    const op = await admin.request('POST', `${base}/operators`, {
      email: 'new.person@example.com',
      role: 'editor',
      password: 'a long enough passphrase',
    });
    assert.equal(op.status, 201, op.raw);
    const reset = await admin.request(
      'POST',
      `${base}/operators/${op.body.operator.operatorId}/reset-password`,
    );
    assert.equal(reset.status, 200, reset.raw);
    assert.equal(typeof reset.body.oneTimePassword, 'string');

    const log = await admin.request('GET', `${base}/audit?limit=100`);
    const actions = log.body.items.map((e: { action: string }) => e.action);
    assert.deepEqual(
      actions.filter((a: string) => a.startsWith('page.')),
      [],
    );
    assert.ok(actions.includes('key.create') && actions.includes('operator.create'));
    for (const secret of [key.body.apiKey, 'a long enough passphrase', reset.body.oneTimePassword]) {
      assert.ok(!log.raw.includes(secret), 'no secret in the audit log');
    }
  });

  it('filters by actor, action, record and time, and pages with a cursor', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/admin/v0/tenants/${tenant.tenantId}`;
    const editor = await signInAs(ctx, tenant.tenantId, 'editor');
    const other = await signInAs(ctx, tenant.tenantId, 'editor');
    const first = await editor.request('POST', `${base}/pages`, PAGE);
    await editor.request('POST', `${base}/pages`, { ...PAGE, name: 'Two' });
    await other.request('POST', `${base}/pages`, { ...PAGE, name: 'Three' });

    const byActor = await editor.request(
      'GET',
      `${base}/audit?actor=${encodeURIComponent(editor.email)}&action=page.create`,
    );
    assert.equal(byActor.body.items.length, 2);
    const byRecord = await editor.request('GET', `${base}/audit?record=${first.body.pageId}`);
    assert.deepEqual(
      byRecord.body.items.map((e: { action: string }) => e.action),
      ['page.create'],
    );
    const future = await editor.request('GET', `${base}/audit?since=2999-01-01T00:00:00.000Z`);
    assert.deepEqual(future.body.items, []);

    const pageOne = await editor.request('GET', `${base}/audit?action=page.create&limit=2`);
    assert.equal(pageOne.body.hasMore, true);
    const pageTwo = await editor.request(
      'GET',
      `${base}/audit?action=page.create&limit=2&cursor=${pageOne.body.nextCursor}`,
    );
    assert.equal(pageTwo.body.items.length, 1);
    assert.equal(pageTwo.body.hasMore, false);
    const ids = [...pageOne.body.items, ...pageTwo.body.items].map((e: { id: string }) => e.id);
    assert.equal(new Set(ids).size, 3);
    const reused = await editor.request(
      'GET',
      `${base}/audit?action=session.sign_in&cursor=${pageOne.body.nextCursor}`,
    );
    assert.equal(reused.status, 400);
  });

  it('records each account log written with an API key once, with the log, on every write path', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/admin/v0/tenants/${tenant.tenantId}`;
    const admin = await signInAs(ctx, tenant.tenantId, 'admin');
    const post = (body: Record<string, unknown>) =>
      ctx.request({ method: 'POST', url: '/v0/account_logs', key: tenant.key, body });
    // By domain (its own transaction), then by id (the batched ingestion), several at once.
    const first = await post({ source: 'crm', payload: {}, domain: 'audited.example' });
    assert.equal(first.status, 201, first.raw);
    const accountId = first.body.accountId as string;
    const batched = await Promise.all(
      [1, 2, 3].map((n) => post({ source: 'crm', payload: { n }, accountId, idempotencyKey: `k${n}` })),
    );
    for (const response of batched) assert.equal(response.status, 201, response.raw);
    // A replay, an unknown account and another domain write neither a log nor an entry.
    const replay = await post({ source: 'crm', payload: { n: 1 }, accountId, idempotencyKey: 'k1' });
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    const unknown = await post({
      source: 'crm',
      payload: {},
      accountId: 'account_01jd0000000000000000000000',
    });
    assert.equal(unknown.status, 404, unknown.raw);
    const mismatch = await post({ source: 'crm', payload: {}, accountId, domain: 'other.example' });
    assert.equal(mismatch.status, 400, mismatch.raw);

    const log = await admin.request('GET', `${base}/audit?action=v0.createAccountLog`);
    assert.equal(log.status, 200, log.raw);
    const entries = log.body.items as (AuditEntry & { recordType: string | null })[];
    const logIds = [first, ...batched].map((r) => r.body.accountLogId as string);
    assert.deepEqual(entries.map((e) => e.recordId).sort(), [...logIds].sort());
    for (const entry of entries) {
      assert.deepEqual(entry.actor, { kind: 'api_key', id: entry.actor.id, label: tenant.key.slice(0, 12) });
      assert.equal(entry.recordType, 'account_log');
      assert.match(entry.requestId, /^req_/);
      assert.equal(entry.after, null);
    }
  });
});
