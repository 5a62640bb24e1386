import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { makeOperator, signIn } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase, openSameDatabase, testConfig } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { insertAssignmentOnce } from './experiments.repository.js';
import { armOfBucket, unitBucket } from './experiments.service.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HALF = [
  { key: 'holdout', kind: 'generic', weight: 50 },
  { key: 'personalised', kind: 'personalised', weight: 50 },
];

describeEachDatabase('experiments on hosted pages', (ctx) => {
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  const assignments = (tenantId: string) =>
    ctx.database.db
      .selectFrom('experiment_assignments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();

  let second: Database;
  before(() => {
    second = openSameDatabase(ctx);
  });
  after(() => second.close());

  it('assigns on the server before rendering, once per unit, the same arm in two processes and after a restart', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages/${f.page.id}/experiments`, {
      name: 'Holdout',
      arms: HALF,
      metric: { kind: 'click' },
    });
    assert.equal(created.status, 201, created.raw);
    const experimentId = created.body.experimentId as string;
    assert.equal(created.body.phase, 1);

    // A bot sees a page but is never exposed.
    const bot = await ctx.request({ method: 'GET', url: f.personUrl, headers: { 'user-agent': BOT } });
    assert.equal(bot.status, 200);
    assert.equal((await assignments(tenant.tenantId)).length, 0);

    const first = await ctx.request({ method: 'GET', url: f.personUrl, headers: { 'user-agent': BROWSER } });
    assert.equal(first.status, 200);
    const rows = await assignments(tenant.tenantId);
    assert.equal(rows.length, 1);
    const row = rows[0]!;
    // The unit is the person's account when it has one, else the person.
    const person = await ctx.database.db
      .selectFrom('persons')
      .select('account_id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', f.person.personId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [row.unit_kind, row.unit_key],
      person.account_id ? ['account', person.account_id] : ['person', f.person.personId],
    );
    assert.equal(
      row.arm,
      armOfBucket(HALF as never, unitBucket(experimentId, row.unit_kind, row.unit_key)).key,
    );
    // The arm is in the HTML itself (no script decides it): the personalised version names the person.
    const personalised = /for Grace Hopper/.test(first.raw);
    assert.equal(personalised, row.arm === 'personalised', `arm ${row.arm}`);
    assert.doesNotMatch(first.raw, /experiment/i);

    // Another process on the same database, and a restarted one, answer the same page.
    const other = await buildApp({ config: testConfig(), database: second, logger: false });
    try {
      const there = await other.inject({
        method: 'GET',
        url: f.personUrl,
        headers: { 'user-agent': BROWSER },
      });
      assert.equal(there.body, first.raw);
    } finally {
      await other.close();
    }
    const restartedDb = openSameDatabase(ctx);
    const restarted = await buildApp({ config: testConfig(), database: restartedDb, logger: false });
    try {
      const again = await restarted.inject({
        method: 'GET',
        url: f.personUrl,
        headers: { 'user-agent': `${BROWSER} x` },
      });
      assert.equal(again.body, first.raw);
    } finally {
      await restarted.close();
      await restartedDb.close();
    }
    assert.equal((await assignments(tenant.tenantId)).length, 1, 'one exposure per unit');

    // A new phase sends every new unit to the other arm: this unit keeps its arm.
    const flipped = HALF.map((a) => ({ ...a, weight: a.key === row.arm ? 0 : 100 }));
    const updated = await admin('PATCH', `/tenants/${tenant.tenantId}/experiments/${experimentId}`, {
      arms: flipped,
    });
    assert.equal(updated.status, 200, updated.raw);
    assert.equal(updated.body.phase, 2);
    assert.equal(updated.body.phases[0].endedAt, updated.body.phases[1].startedAt);
    const later = await ctx.request({ method: 'GET', url: f.personUrl, headers: { 'user-agent': BROWSER } });
    assert.equal(later.raw, first.raw, 'a unit never sees two arms');
    const kept = await assignments(tenant.tenantId);
    assert.deepEqual([kept.length, kept[0]!.arm, kept[0]!.phase], [1, row.arm, 1]);

    // A click on the page converts the unit (phase 1's results); phase 2 has no units yet.
    const click = await ctx.request({
      method: 'GET',
      url: `${f.personUrl}/go/book-demo`,
      headers: { 'user-agent': BROWSER },
    });
    assert.equal(click.status, 302);
    const results = await admin(
      'GET',
      `/tenants/${tenant.tenantId}/experiments/${experimentId}/results?phase=1`,
    );
    assert.equal(results.status, 200, results.raw);
    const arm = results.body.arms.find((a: { key: string }) => a.key === row.arm);
    assert.deepEqual([arm.units, arm.conversions], [1, 1]);
    assert.equal(results.body.daily.length >= 1, true);
    const current = await admin('GET', `/tenants/${tenant.tenantId}/experiments/${experimentId}/results`);
    assert.equal(current.body.phase, 2);
    assert.equal(
      current.body.arms.reduce((s: number, a: { units: number }) => s + a.units, 0),
      0,
    );

    // Stopped: everyone sees the personalised version again; results stay.
    const stopped = await admin('POST', `/tenants/${tenant.tenantId}/experiments/${experimentId}/stop`);
    assert.equal(stopped.body.status, 'stopped');
    const after = await ctx.request({ method: 'GET', url: f.personUrl, headers: { 'user-agent': BROWSER } });
    assert.match(after.raw, /for Grace Hopper/);
    const list = await admin('GET', `/tenants/${tenant.tenantId}/pages/${f.page.id}/experiments`);
    assert.deepEqual(
      list.body.items.map((e: { experimentId: string }) => e.experimentId),
      [experimentId],
    );
  });

  it("does not count an operator's browser: no exposure, no view, no click, the page kept from shared caches", async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages/${f.page.id}/experiments`, {
      name: 'Holdout',
      arms: HALF,
      metric: { kind: 'click' },
    });
    assert.equal(created.status, 201, created.raw);
    const events = () =>
      ctx.database.db
        .selectFrom('page_events')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .execute();

    // Signing in to the console marks the browser on the hosted pages (Path /p), signing out unmarks it.
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const session = await ctx.request({
      method: 'POST',
      url: '/admin/v0/session',
      body: { email: operator.email, password: operator.password },
    });
    assert.equal(session.status, 200, session.raw);
    const cookies = [session.headers['set-cookie']].flat() as string[];
    const marker = cookies.find((c) => c.startsWith('quire_operator='));
    assert.match(marker ?? '', /^quire_operator=1; Max-Age=\d+; Path=\/p; HttpOnly; SameSite=Lax$/);
    assert.ok(cookies.some((c) => c.startsWith('quire_console=') && c.includes('Path=/admin/v0')));
    const signedIn = await signIn(ctx, operator.email, operator.password);
    const out = await signedIn.request('DELETE', '/admin/v0/session');
    assert.equal(out.status, 200, out.raw);
    const cleared = [out.headers['set-cookie']].flat() as string[];
    assert.ok(
      cleared.some((c) => /^quire_operator=; Max-Age=0; Path=\/p/.test(c)),
      cleared.join(' | '),
    );

    const internal = { 'user-agent': BROWSER, cookie: marker!.split(';')[0]! };
    const page = await ctx.request({ method: 'GET', url: f.personUrl, headers: internal });
    assert.equal(page.status, 200);
    assert.equal(page.headers['cache-control'], 'private, no-store');
    assert.doesNotMatch(page.raw, /\/view/, 'no beacon');
    const click = await ctx.request({ method: 'GET', url: `${f.personUrl}/go/book-demo`, headers: internal });
    assert.equal(click.status, 302);
    const beacon = await ctx.request({
      method: 'POST',
      url: `${f.personUrl}/view`,
      body: {},
      headers: internal,
    });
    assert.equal(beacon.status, 204);
    assert.equal((await assignments(tenant.tenantId)).length, 0, 'no exposure');
    assert.equal((await events()).length, 0, 'no view, no click');

    // The same browser without the mark is a visitor: exposed, its page cacheable and with the beacon.
    const visitor = await ctx.request({
      method: 'GET',
      url: f.personUrl,
      headers: { 'user-agent': BROWSER },
    });
    assert.equal((await assignments(tenant.tenantId)).length, 1);
    assert.notEqual(visitor.headers['cache-control'], 'private, no-store');
    assert.match(visitor.raw, /\/view/);
    // The operator is shown the arm of the unit, as its visitors are.
    assert.equal(page.raw.includes('for Grace Hopper'), visitor.raw.includes('for Grace Hopper'));
  });

  it('refuses bad arms, a second running experiment, and another tenant', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const url = `/tenants/${tenant.tenantId}/pages/${f.page.id}/experiments`;
    const twice = await admin('POST', url, {
      name: 'x',
      arms: [HALF[0], HALF[0]],
      metric: { kind: 'click' },
    });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.errors[0].pointer, '/arms/1/key');
    const noType = await admin('POST', url, { name: 'x', arms: HALF, metric: { kind: 'activity' } });
    assert.equal(noType.status, 400);
    assert.equal(noType.body.errors[0].pointer, '/metric/activityType');
    const zero = await admin('POST', url, {
      name: 'x',
      arms: HALF.map((a) => ({ ...a, weight: 0 })),
      metric: { kind: 'click' },
    });
    assert.equal(zero.status, 400);
    const ok = await admin('POST', url, { name: 'x', arms: HALF, metric: { kind: 'form' } });
    assert.equal(ok.status, 201);
    assert.equal((await admin('POST', url, { name: 'y', arms: HALF, metric: { kind: 'form' } })).status, 409);
    const other = await makeTenant(ctx);
    assert.equal(
      (await admin('GET', `/tenants/${other.tenantId}/experiments/${ok.body.experimentId}`)).status,
      404,
    );
    assert.equal(
      (await admin('GET', `/tenants/${other.tenantId}/pages/${f.page.id}/experiments`)).status,
      404,
    );
    const badPhase = await admin(
      'GET',
      `/tenants/${tenant.tenantId}/experiments/${ok.body.experimentId}/results?phase=7`,
    );
    assert.equal(badPhase.status, 400);
    // Nothing half-written: one experiment, one phase.
    const phases = await ctx.database.db
      .selectFrom('experiment_phases')
      .select('phase')
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    assert.equal(phases.length, 1);
  });

  it('flags a 50/50 experiment whose units arrived 60/40 (sample-ratio mismatch)', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages/${f.page.id}/experiments`, {
      name: 'Broken split',
      arms: HALF,
      metric: { kind: 'click' },
    });
    const now = Date.now();
    for (let i = 0; i < 1000; i++) {
      await insertAssignmentOnce(ctx.database.db, {
        tenant_id: tenant.tenantId,
        experiment_id: created.body.experimentId,
        unit_kind: 'visitor',
        unit_key: `v${i}`,
        phase: 1,
        arm: i < 600 ? 'holdout' : 'personalised',
        audience_id: f.personal.audienceId,
        first_exposed_at: now,
      });
    }
    const results = await admin(
      'GET',
      `/tenants/${tenant.tenantId}/experiments/${created.body.experimentId}/results`,
    );
    assert.equal(results.status, 200, results.raw);
    assert.deepEqual(
      results.body.arms.map((a: { units: number }) => a.units),
      [600, 400],
    );
    assert.equal(results.body.sampleRatio.mismatch, true);
    assert.ok(results.body.sampleRatio.pValue < 1e-6);
  });
});
