import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failureBackoffMs, MAX_BACKOFF_MS, PollLoop } from './poll-loop.js';

describe('PollLoop', () => {
  it('backs off while steps fail, and polls at its interval again once one succeeds', () => {
    assert.equal(failureBackoffMs(25, 0), 25);
    assert.equal(failureBackoffMs(25, 1), 100, 'short poll intervals back off from 50 ms');
    assert.equal(failureBackoffMs(200, 1), 400);
    assert.equal(failureBackoffMs(200, 2), 800);
    assert.equal(failureBackoffMs(200, 10), MAX_BACKOFF_MS, 'capped');
    assert.equal(failureBackoffMs(5_000, 3), 5_000, 'never shorter than the poll interval');
  });

  it('asks a failing step a handful of times a second, not at its poll interval', async () => {
    let calls = 0;
    let errors = 0;
    const loop = new PollLoop(
      async () => {
        calls += 1;
        throw new Error('database down');
      },
      5,
      () => {
        errors += 1;
      },
    );
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await loop.stop();
    assert.equal(errors, calls);
    // 5 ms polling would be ~200 calls; backing off from 50 ms doubles up to 2 s: 100, 200, 400 -> 4-5.
    assert.ok(calls >= 2 && calls <= 6, `calls in 1 s: ${calls}`);
  });

  it('keeps going after a failure', async () => {
    let calls = 0;
    let worked = 0;
    const loop = new PollLoop(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('once');
        worked += 1;
        return worked < 3;
      },
      5,
      () => {},
    );
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await loop.stop();
    assert.ok(worked >= 3, `steps after the failure: ${worked}`);
  });
});
