import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeOperator, PASSWORD, signIn, signInAs } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { ACCOUNT_FAILURES } from './login-throttle.js';

const OTHER_PASSWORD = 'another long passphrase 2026';

/**
 * An email is unique within its tenant (issue 29, item 5): a tenant admin adding an operator hears
 * "already exists" only about its own tenant, so it cannot learn that an email is an operator of
 * another tenant or an instance admin. The same email in two tenants is two operators.
 */
describeEachDatabase('operator emails are per tenant', (ctx) => {
  it("tells a tenant admin nothing about other tenants' operators or instance admins", async () => {
    const mine = await makeTenant(ctx);
    const theirs = await makeTenant(ctx);
    const admin = await signInAs(ctx, mine.tenantId, 'admin');
    const theirOperator = await makeOperator(ctx, theirs.tenantId, 'editor');
    const instanceAdmin = await makeOperator(ctx, null, 'admin');
    const base = `/admin/v0/tenants/${mine.tenantId}/operators`;
    const fresh = await admin.request('POST', base, { email: 'nobody-yet@example.com', role: 'viewer' });
    assert.equal(fresh.status, 201, fresh.raw);
    // An email of another tenant, and an instance admin's: answered like a fresh one.
    for (const email of [theirOperator.email, instanceAdmin.email.toUpperCase()]) {
      const created = await admin.request('POST', base, { email, role: 'viewer', password: OTHER_PASSWORD });
      assert.equal(created.status, 201, `${email}: ${created.raw}`);
      assert.equal(created.body.operator.tenantId, mine.tenantId);
      assert.equal(created.body.operator.instanceAdmin, false);
    }
    // Only the tenant's own operators are "already there".
    const taken = await admin.request('POST', base, { email: theirOperator.email, role: 'viewer' });
    assert.equal(taken.status, 409);
    assert.match(taken.body.detail, /already exists in this tenant/);
    // The other tenant's operator and the instance admin are untouched: same role, same password.
    const theirSession = await signIn(ctx, theirOperator.email, PASSWORD);
    const me = await theirSession.request('GET', '/admin/v0/me');
    assert.equal(me.body.operator.tenantId, theirs.tenantId);
    assert.equal(me.body.operator.role, 'editor');
    const root = await signIn(ctx, instanceAdmin.email, PASSWORD);
    assert.equal((await root.request('GET', '/admin/v0/me')).body.operator.instanceAdmin, true);
    // The new operator of the same email signs in to this tenant with its own password.
    const mineSession = await signIn(ctx, theirOperator.email, OTHER_PASSWORD);
    const mineMe = await mineSession.request('GET', '/admin/v0/me');
    assert.equal(mineMe.body.operator.tenantId, mine.tenantId);
    assert.equal(mineMe.body.operator.role, 'viewer');
  });

  it('asks which tenant when one email and password open operators of several', async () => {
    const one = await makeTenant(ctx);
    const two = await makeTenant(ctx);
    const first = await makeOperator(ctx, one.tenantId, 'viewer');
    const admin = await signInAs(ctx, two.tenantId, 'admin');
    const created = await admin.request('POST', `/admin/v0/tenants/${two.tenantId}/operators`, {
      email: first.email,
      role: 'publisher',
      password: PASSWORD,
    });
    assert.equal(created.status, 201, created.raw);
    const ambiguous = await ctx.request({
      method: 'POST',
      url: '/admin/v0/session',
      body: { email: first.email, password: PASSWORD },
    });
    assert.equal(ambiguous.status, 400, ambiguous.raw);
    assert.equal(ambiguous.body.errors[0].pointer, '/tenant');
    const handles = (
      await ctx.request({
        method: 'GET',
        url: '/admin/v0/tenants',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).body.items as { tenantId: string; handle: string }[];
    const handleOf = (id: string) => handles.find((t) => t.tenantId === id)!.handle;
    for (const [tenant, role] of [
      [handleOf(two.tenantId), 'publisher'],
      [one.tenantId, 'viewer'],
    ] as const) {
      const response = await ctx.request({
        method: 'POST',
        url: '/admin/v0/session',
        body: { email: first.email, password: PASSWORD, tenant },
      });
      assert.equal(response.status, 200, response.raw);
      assert.equal(response.body.operator.role, role);
    }
    const nowhere = await ctx.request({
      method: 'POST',
      url: '/admin/v0/session',
      body: { email: first.email, password: PASSWORD, tenant: 'no-such-tenant' },
    });
    assert.equal(nowhere.status, 401);
  });

  it("another tenant's operator of the same email cannot reset the account's backoff by signing in", async () => {
    const victimTenant = await makeTenant(ctx);
    const attackerTenant = await makeTenant(ctx);
    const victim = await makeOperator(ctx, victimTenant.tenantId, 'admin');
    const admin = await signInAs(ctx, attackerTenant.tenantId, 'admin');
    await admin.request('POST', `/admin/v0/tenants/${attackerTenant.tenantId}/operators`, {
      email: victim.email,
      role: 'viewer',
      password: OTHER_PASSWORD,
    });
    const attempt = (password: string, address: string, tenant?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/admin/v0/session',
        remoteAddress: address,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          email: victim.email,
          password,
          ...(tenant === undefined ? {} : { tenant }),
        }),
      });
    for (let i = 0; i < ACCOUNT_FAILURES - 1; i++)
      assert.equal((await attempt(`guess ${i}`, `10.8.0.${i + 1}`)).statusCode, 401);
    // The attacker signs in as their own operator of that email (the account's tenth attempt) ...
    assert.equal((await attempt(OTHER_PASSWORD, '10.8.1.1')).statusCode, 200);
    // ... which does not start the email's count over: the next guess is past the limit.
    assert.equal((await attempt('one guess more', '10.8.2.1')).statusCode, 429);
    // The victim, from an address never signed in from, waits like anyone (a known one would pass).
    assert.equal((await attempt(PASSWORD, '10.8.3.1', victimTenant.tenantId)).statusCode, 429);
  });

  it("signing in another tenant's operator of the same email from an address does not let that address skip the backoff", async () => {
    const victimTenant = await makeTenant(ctx);
    const attackerTenant = await makeTenant(ctx);
    const victim = await makeOperator(ctx, victimTenant.tenantId, 'admin');
    const admin = await signInAs(ctx, attackerTenant.tenantId, 'admin');
    await admin.request('POST', `/admin/v0/tenants/${attackerTenant.tenantId}/operators`, {
      email: victim.email,
      role: 'viewer',
      password: OTHER_PASSWORD,
    });
    const attempt = (password: string, address: string, tenant?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/admin/v0/session',
        remoteAddress: address,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          email: victim.email,
          password,
          ...(tenant === undefined ? {} : { tenant }),
        }),
      });
    // The attacker's addresses become known for the attacker's own operator of that email.
    const addresses = ['10.9.0.1', '10.9.0.2'];
    for (const address of addresses)
      assert.equal((await attempt(OTHER_PASSWORD, address, attackerTenant.tenantId)).statusCode, 200);
    // Guesses at the victim from them still run into the account's backoff.
    const statuses: number[] = [];
    for (let i = 0; i < 2 * ACCOUNT_FAILURES; i++)
      statuses.push((await attempt(`guess ${i}`, addresses[i % 2]!)).statusCode);
    assert.ok(statuses.filter((s) => s === 401).length <= ACCOUNT_FAILURES, statuses.join(' '));
    assert.equal(statuses.at(-1), 429);
  });
});
