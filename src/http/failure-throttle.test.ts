import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FailureThrottle } from './failure-throttle.js';

describe('FailureThrottle', () => {
  it('allows a burst of failures per address, then blocks it until one refill has passed', () => {
    const throttle = new FailureThrottle(3, 1000);
    const t = 1_000_000;
    for (let i = 0; i < 3; i++) {
      assert.equal(throttle.blockedFor('a', t), 0, `failure ${i + 1} is allowed`);
      throttle.fail('a', t);
    }
    assert.equal(throttle.blockedFor('a', t), 1000, 'the fourth try waits one refill');
    assert.equal(throttle.blockedFor('b', t), 0, 'another address is not affected');
    assert.equal(throttle.blockedFor('a', t + 1000), 0, 'after one refill one more try');
    throttle.fail('a', t + 1000);
    assert.equal(throttle.blockedFor('a', t + 1000), 1000);
    assert.equal(throttle.blockedFor('a', t + 10_000), 0, 'a quiet address is forgiven');
  });
});
