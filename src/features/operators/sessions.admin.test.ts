import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  makeOperator,
  PASSWORD,
  sessionCookieOf,
  signIn,
  signInAs,
} from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { sessionIdHash } from '../../http/console-session.js';
import { ADDRESS_ACCOUNT_FAILURES } from './login-throttle.js';
import { findLiveSession } from './sessions.service.js';

describeEachDatabase('console sessions on /admin/v0', (ctx) => {
  it('signs in with a httpOnly, SameSite=Lax cookie scoped to /admin/v0, not Secure over plain HTTP', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const response = await ctx.request({
      method: 'POST',
      url: '/admin/v0/session',
      body: { email: operator.email.toUpperCase(), password: PASSWORD },
    });
    assert.equal(response.status, 200, response.raw);
    const header = String(response.headers['set-cookie']);
    assert.match(header, /^quire_console=[A-Za-z0-9_-]{43};/);
    assert.match(header, /HttpOnly/);
    assert.match(header, /SameSite=Lax/);
    assert.match(header, /Path=\/admin\/v0/);
    assert.doesNotMatch(header, /Secure/);
    assert.equal(response.body.operator.email, operator.email);
    assert.equal(typeof response.body.csrfToken, 'string');
    assert.equal(response.body.operator.passwordHash, undefined);
  });

  it('refuses a wrong password or an unknown email with the same 401, and a sign-in from another origin', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    for (const body of [
      { email: operator.email, password: 'wrong password here' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const response = await ctx.request({ method: 'POST', url: '/admin/v0/session', body });
      assert.equal(response.status, 401);
      assert.equal(response.body.detail, 'Wrong email or password, or the account is disabled');
      assert.equal(sessionCookieOf(response), null);
    }
    const crossSite = await ctx.request({
      method: 'POST',
      url: '/admin/v0/session',
      body: { email: operator.email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(crossSite.status, 403);
  });

  it('rotates the session id at sign-in: the id a browser held before stops working (no fixation)', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const first = await signIn(ctx, operator.email, operator.password);
    const second = await signIn(ctx, operator.email, operator.password, { cookie: first.cookie });
    assert.notEqual(second.cookie, first.cookie);
    assert.notEqual(second.csrfToken, first.csrfToken);
    assert.equal((await first.request('GET', '/admin/v0/me')).status, 401);
    assert.equal((await second.request('GET', '/admin/v0/me')).status, 200);
    // A made-up id planted in the browser is simply not a session.
    const planted = await ctx.request({
      method: 'GET',
      url: '/admin/v0/me',
      headers: { cookie: 'quire_console=planted' },
    });
    assert.equal(planted.status, 401);
  });

  it('GET /me answers the operator and the CSRF token; signing out ends the session', async () => {
    const tenant = await makeTenant(ctx);
    const session = await signInAs(ctx, tenant.tenantId, 'editor');
    const me = await session.request('GET', '/admin/v0/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.operator.role, 'editor');
    assert.equal(me.body.csrfToken, session.csrfToken);
    const out = await session.request('DELETE', '/admin/v0/session');
    assert.equal(out.status, 200, out.raw);
    assert.match(String(out.headers['set-cookie']), /Max-Age=0/);
    assert.equal((await session.request('GET', '/admin/v0/me')).status, 401);
  });

  it('signs out everywhere: every session of the operator ends, other operators keep theirs', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const laptop = await signIn(ctx, operator.email, operator.password);
    const phone = await signIn(ctx, operator.email, operator.password);
    const other = await signInAs(ctx, tenant.tenantId, 'viewer');
    const response = await laptop.request('POST', '/admin/v0/session/sign-out-everywhere');
    assert.equal(response.status, 200, response.raw);
    assert.equal((await laptop.request('GET', '/admin/v0/me')).status, 401);
    assert.equal((await phone.request('GET', '/admin/v0/me')).status, 401);
    assert.equal((await other.request('GET', '/admin/v0/me')).status, 200);
  });

  it('ends a session after the idle time and after the absolute time', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const session = await signIn(ctx, operator.email, operator.password);
    const id = session.cookie.split('=')[1] as string;
    const limits = { idleMs: 300_000, maxMs: 3_600_000 };
    const now = Date.now();
    // Used 2 min in (the use is recorded), then 4 min later still live; 6 min idle after that: ended.
    assert.ok(await findLiveSession(ctx.database.db, id, limits, now + 120_000));
    assert.ok(await findLiveSession(ctx.database.db, id, limits, now + 360_000));
    assert.equal(await findLiveSession(ctx.database.db, id, limits, now + 720_000), null);
    // Busy every 2 minutes, a session still ends an hour after sign-in.
    const again = await signIn(ctx, operator.email, operator.password);
    const againId = again.cookie.split('=')[1] as string;
    let t = now;
    while (
      t - now < 2 * 3_600_000 &&
      (await findLiveSession(ctx.database.db, againId, limits, t + 120_000))
    ) {
      t += 120_000;
    }
    const endedAfter = t + 120_000 - now;
    assert.ok(endedAfter > 3_600_000 && endedAfter <= 3_600_000 + 120_000, `ended after ${endedAfter} ms`);
  });

  it('deletes ended sessions and finished failure windows at each sign-in, so the tables do not grow', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const old = await signIn(ctx, operator.email, operator.password);
    const oldHash = sessionIdHash(old.cookie.split('=')[1] as string);
    const db = ctx.database.db;
    await db
      .updateTable('operator_sessions')
      .set({ last_seen_at: 0, created_at: 0 })
      .where('id_hash', '=', oldHash)
      .execute();
    await db
      .insertInto('login_failures')
      .values({ subject: `address:stale-${oldHash}`, failures: 3, window_started_at: 0 })
      .execute();
    await signIn(ctx, operator.email, operator.password);
    assert.equal(
      await db
        .selectFrom('operator_sessions')
        .select('id_hash')
        .where('id_hash', '=', oldHash)
        .executeTakeFirst(),
      undefined,
    );
    const stale = await db
      .selectFrom('login_failures')
      .select('subject')
      .where('subject', '=', `address:stale-${oldHash}`)
      .executeTakeFirst();
    assert.equal(stale, undefined);
  });

  it('rate-limits sign-ins per address and account: past the limit even the right password gets 429 with Retry-After', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    for (let i = 0; i < ADDRESS_ACCOUNT_FAILURES; i++) {
      const response = await ctx.request({
        method: 'POST',
        url: '/admin/v0/session',
        body: { email: operator.email, password: `wrong password ${i}` },
      });
      assert.equal(response.status, 401);
    }
    const blocked = await ctx.request({
      method: 'POST',
      url: '/admin/v0/session',
      body: { email: operator.email, password: PASSWORD },
    });
    assert.equal(blocked.status, 429, blocked.raw);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
  });

  it('makes an operator with a one-time password choose a new one before anything else', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'admin', { password: null });
    assert.equal(operator.mustChangePassword, true);
    const session = await signIn(ctx, operator.email, operator.password);
    const refused = await session.request('GET', `/admin/v0/tenants/${tenant.tenantId}/pages`);
    assert.equal(refused.status, 403);
    assert.match(refused.body.detail, /new password/);
    const weak = await session.request('POST', '/admin/v0/me/password', {
      currentPassword: operator.password,
      newPassword: 'short',
    });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.errors[0].pointer, '/newPassword');
    const changed = await session.request('POST', '/admin/v0/me/password', {
      currentPassword: operator.password,
      newPassword: 'a much longer passphrase 42',
    });
    assert.equal(changed.status, 200, changed.raw);
    assert.equal(changed.body.operator.mustChangePassword, false);
    assert.equal((await session.request('GET', `/admin/v0/tenants/${tenant.tenantId}/pages`)).status, 200);
    assert.equal(
      (
        await ctx.request({
          method: 'POST',
          url: '/admin/v0/session',
          body: { email: operator.email, password: operator.password },
        })
      ).status,
      401,
    );
  });

  it('refuses a disabled operator: its sessions end at once and it cannot sign in', async () => {
    const tenant = await makeTenant(ctx);
    const admin = await signInAs(ctx, tenant.tenantId, 'admin');
    const operator = await makeOperator(ctx, tenant.tenantId, 'editor');
    const session = await signIn(ctx, operator.email, operator.password);
    const disabled = await admin.request(
      'POST',
      `/admin/v0/tenants/${tenant.tenantId}/operators/${operator.operatorId}/disable`,
    );
    assert.equal(disabled.status, 200, disabled.raw);
    assert.equal((await session.request('GET', '/admin/v0/me')).status, 401);
    const again = await ctx.request({
      method: 'POST',
      url: '/admin/v0/session',
      body: { email: operator.email, password: PASSWORD },
    });
    assert.equal(again.status, 401);
  });
});

describeEachDatabase(
  'console sessions behind a TLS proxy',
  (ctx) => {
    it('sets Secure when the request came over HTTPS through a trusted proxy', async () => {
      const tenant = await makeTenant(ctx);
      const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
      const response = await ctx.request({
        method: 'POST',
        url: '/admin/v0/session',
        body: { email: operator.email, password: PASSWORD },
        headers: {
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'console.example',
          origin: 'https://console.example',
        },
      });
      assert.equal(response.status, 200, response.raw);
      assert.match(String(response.headers['set-cookie']), /Secure/);
    });
  },
  { config: { console: { sessionIdleMs: 1_800_000, sessionMaxMs: 43_200_000, trustProxy: true } } },
);
