import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sessionCookieOf } from '../../../test/console-factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { listTenants } from '../tenants/tenants.repository.js';
import { setupToken } from './first-admin.service.js';

const PASSWORD = 'correct horse battery staple';

describeEachDatabase('first run: the first admin, made with the setup token', (ctx) => {
  const setup = (body: Record<string, unknown>) =>
    ctx.request({ method: 'POST', url: '/admin/v0/setup', body });
  const token = () => setupToken(ctx.app.config.hostedPagesSecret);

  it('a wrong token or a refused password writes nothing; the right one makes the admin, its tenant and the demo, and signs it in; then never again', async (t) => {
    // Only SQLite gives this file an instance of its own: the PostgreSQL test database is shared by
    // test files running at once, whose operators would make it "set up" already.
    if (ctx.dialect !== 'sqlite') return t.skip('an empty instance is only guaranteed on SQLite here');
    const status = await ctx.request({ method: 'GET', url: '/admin/v0/setup' });
    assert.deepEqual(status.body, { needed: true });
    const tenantsBefore = (await listTenants(ctx.database.db)).length;
    const form = {
      tenantName: 'Loomwork',
      email: 'Ada@Loomwork.example',
      password: PASSWORD,
      loadDemo: true,
    };

    const wrong = await setup({ ...form, setupToken: 'not-the-token' });
    assert.equal(wrong.status, 400, wrong.raw);
    assert.equal(wrong.body.errors[0].pointer, '/setupToken');
    const weak = await setup({ ...form, setupToken: token(), password: 'short' });
    assert.equal(weak.status, 400, weak.raw);
    assert.equal(weak.body.errors[0].pointer, '/password');
    assert.equal((await listTenants(ctx.database.db)).length, tenantsBefore, 'no tenant left behind');

    const done = await setup({ ...form, setupToken: token() });
    assert.equal(done.status, 200, done.raw);
    assert.equal(done.body.operator.email, 'ada@loomwork.example');
    assert.equal(done.body.operator.role, 'admin');
    assert.equal(done.body.operator.mustChangePassword, false);
    const cookie = sessionCookieOf(done)!;
    const tenantId = done.body.operator.tenantId as string;
    const pages = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenantId}/pages`,
      headers: { cookie },
    });
    assert.equal(pages.status, 200, pages.raw);
    assert.ok(pages.body.items.length >= 1, 'the demo is in the new tenant');
    const audit = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenantId}/audit`,
      headers: { cookie },
    });
    assert.ok(
      audit.body.items.some(
        (e: { action: string; actor: { label: string } }) =>
          e.action === 'operator.create' && e.actor.label === 'setup-token',
      ),
      'the creation is audited as the setup token’s',
    );

    assert.deepEqual((await ctx.request({ method: 'GET', url: '/admin/v0/setup' })).body, { needed: false });
    const again = await setup({ ...form, email: 'mallory@evil.example', setupToken: token() });
    assert.equal(again.status, 409, again.raw);
  });

  it('once any operator exists, the token makes nothing', async () => {
    await ctx.request({
      method: 'POST',
      url: '/admin/v0/setup',
      body: { tenantName: 'First', email: 'first@example.com', password: PASSWORD, setupToken: token() },
    });
    const late = await setup({
      tenantName: 'Late',
      email: 'late@example.com',
      password: PASSWORD,
      setupToken: token(),
    });
    assert.equal(late.status, 409, late.raw);
    assert.match(late.body.detail, /set up already/);
  });
});
