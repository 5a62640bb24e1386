import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { untilReachable } from './until-reachable.js';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('untilReachable', () => {
  it('retries while the database is unreachable, backing off, then returns the result', async () => {
    let calls = 0;
    const waits: number[] = [];
    const result = await untilReachable(
      async () => {
        calls += 1;
        if (calls < 4) throw refused();
        return 'migrated';
      },
      { onRetry: (_error, _attempt, waitMs) => waits.push(waitMs), firstWaitMs: 1, maxWaitMs: 3 },
    );
    assert.equal(result, 'migrated');
    assert.deepEqual(waits, [1, 2, 3]);
  });

  it('throws at once what waiting cannot fix', async () => {
    let calls = 0;
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await assert.rejects(
      untilReachable(
        async () => {
          calls += 1;
          throw wrongPassword;
        },
        { onRetry: () => assert.fail('no retry') },
      ),
      wrongPassword,
    );
    assert.equal(calls, 1);
  });

  it('stops waiting when aborted (SIGTERM while the database is down)', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(
      untilReachable(
        async () => {
          throw refused();
        },
        { onRetry: () => {}, signal: controller.signal, firstWaitMs: 5, maxWaitMs: 5 },
      ),
      /ECONNREFUSED/,
    );
  });
});
