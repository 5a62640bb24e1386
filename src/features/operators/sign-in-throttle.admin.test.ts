import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeOperator, PASSWORD } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { ACCOUNT_FAILURES, ADDRESS_ACCOUNT_FAILURES, ADDRESS_FAILURES } from './login-throttle.js';

/**
 * The sign-in throttle counts an attempt before the password is checked, atomically, so parallel
 * attempts cannot all pass the check first (issue 29: 25 at once were all verified). A 401 is an
 * attempt whose password was verified; a 429 one that was refused before.
 */
describeEachDatabase('the sign-in throttle under parallel attempts', (ctx) => {
  const attempt = (email: string, password: string, address: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/admin/v0/session',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
  const statuses = (responses: { statusCode: number }[]) => {
    const count: Record<number, number> = {};
    for (const { statusCode } of responses) count[statusCode] = (count[statusCode] ?? 0) + 1;
    return count;
  };

  it('25 parallel wrong passwords for one account: at most 10 verified, the rest 429', {
    timeout: 120_000,
  }, async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt(operator.email, `wrong password ${i}`, `10.1.0.${i + 1}`)),
    );
    const count = statuses(responses);
    assert.ok((count[401] ?? 0) <= ACCOUNT_FAILURES, JSON.stringify(count));
    assert.equal((count[401] ?? 0) + (count[429] ?? 0), 25, JSON.stringify(count));
    assert.ok((count[429] ?? 0) >= 25 - ACCOUNT_FAILURES);
  });

  it('100 parallel sign-ins from one address: at most the address limit verified', {
    timeout: 180_000,
  }, async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt(`nobody-${i}@example.com`, 'wrong password', '10.2.0.1')),
    );
    const count = statuses(responses);
    assert.ok((count[401] ?? 0) <= ADDRESS_FAILURES, JSON.stringify(count));
    assert.equal((count[401] ?? 0) + (count[429] ?? 0), 100, JSON.stringify(count));
  });

  it('a successful sign-in is not counted against its address', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    for (let i = 0; i < ADDRESS_FAILURES + 5; i++) {
      const response = await attempt(operator.email, PASSWORD, '10.3.0.1');
      assert.equal(response.statusCode, 200, response.body);
    }
  });

  it('ten wrong passwords from anyone do not keep the operator out at an address it signed in from', {
    timeout: 120_000,
  }, async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    // The operator's office: a sign-in succeeded from there before.
    assert.equal((await attempt(operator.email, PASSWORD, '10.4.0.1')).statusCode, 200);
    // Someone else runs the account's count past its limit, from addresses of their own.
    const guesses = await Promise.all(
      Array.from({ length: ACCOUNT_FAILURES + 5 }, (_, i) =>
        attempt(operator.email, `wrong password ${i}`, `10.5.0.${i + 1}`),
      ),
    );
    assert.ok(
      guesses.some((r) => r.statusCode === 429),
      'the account backoff refused some guesses',
    );
    // A new address is refused even with the right password (the per-account backoff) ...
    const unknown = await attempt(operator.email, PASSWORD, '10.6.0.1');
    assert.equal(unknown.statusCode, 429, unknown.body);
    assert.ok(Number(unknown.headers['retry-after']) > 0);
    // ... the known one is not, and its own wrong passwords are still verified (401, not 429).
    assert.equal((await attempt(operator.email, 'wrong at the office', '10.4.0.1')).statusCode, 401);
    assert.equal((await attempt(operator.email, PASSWORD, '10.4.0.1')).statusCode, 200);
  });

  it('a known address still has its own limit for the account: guessing from it is not free', async () => {
    const tenant = await makeTenant(ctx);
    const operator = await makeOperator(ctx, tenant.tenantId, 'viewer');
    assert.equal((await attempt(operator.email, PASSWORD, '10.7.0.1')).statusCode, 200);
    for (let i = 0; i < ADDRESS_ACCOUNT_FAILURES; i++)
      assert.equal((await attempt(operator.email, `wrong ${i}`, '10.7.0.1')).statusCode, 401);
    assert.equal((await attempt(operator.email, PASSWORD, '10.7.0.1')).statusCode, 429);
    // One address's limit holds up no other address: the operator signs in from a new one.
    const other = await attempt(operator.email, PASSWORD, '10.7.0.2');
    assert.equal(other.statusCode, 200, other.body);
  });
});
