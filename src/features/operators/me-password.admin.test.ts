import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeOperator, PASSWORD, signIn } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { PASSWORD_CHANGE_FAILURES } from './login-throttle.js';

/**
 * POST /admin/v0/me/password checks the current password: whoever holds a session (a borrowed
 * laptop, a stolen cookie) must not guess it at leisure (issue 29, item 5). A 400 naming
 * /currentPassword is a verified guess; a 429 one refused before verifying.
 */
describeEachDatabase('changing your password: wrong current passwords are throttled', (ctx) => {
  const NEW = 'a brand new passphrase 2026';

  it('refuses guesses past the limit, the right one too, with Retry-After', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const session = await signIn(ctx, operator.email, operator.password);
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES; i++) {
      const wrong = await session.request('POST', '/admin/v0/me/password', {
        currentPassword: `wrong password ${i}`,
        newPassword: NEW,
      });
      assert.equal(wrong.status, 400, wrong.raw);
      assert.equal(wrong.body.errors[0].pointer, '/currentPassword');
    }
    const refused = await session.request('POST', '/admin/v0/me/password', {
      currentPassword: PASSWORD,
      newPassword: NEW,
    });
    assert.equal(refused.status, 429, refused.raw);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    // The password did not change: the old one still signs in.
    await signIn(ctx, operator.email, PASSWORD);
  });

  it('25 parallel wrong current passwords: at most the limit verified', { timeout: 120_000 }, async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const session = await signIn(ctx, operator.email, operator.password);
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        session.request('POST', '/admin/v0/me/password', { currentPassword: `guess ${i}`, newPassword: NEW }),
      ),
    );
    const verified = responses.filter((r) => r.status === 400).length;
    const refused = responses.filter((r) => r.status === 429).length;
    assert.ok(verified <= PASSWORD_CHANGE_FAILURES, `${verified} verified`);
    assert.equal(verified + refused, 25);
  });

  it('a right current password clears the count; a weak new password is not a guess', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const session = await signIn(ctx, operator.email, operator.password);
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES + 3; i++) {
      const weak = await session.request('POST', '/admin/v0/me/password', {
        currentPassword: PASSWORD,
        newPassword: 'short',
      });
      assert.equal(weak.status, 400, weak.raw);
      assert.equal(weak.body.errors[0].pointer, '/newPassword');
    }
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES - 1; i++)
      await session.request('POST', '/admin/v0/me/password', {
        currentPassword: `wrong ${i}`,
        newPassword: NEW,
      });
    const changed = await session.request('POST', '/admin/v0/me/password', {
      currentPassword: PASSWORD,
      newPassword: NEW,
    });
    assert.equal(changed.status, 200, changed.raw);
    const wrongAgain = await session.request('POST', '/admin/v0/me/password', {
      currentPassword: 'wrong once more',
      newPassword: 'yet another passphrase 2026',
    });
    assert.equal(wrongAgain.status, 400, 'the count started over after the change');
  });
});
