import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { BackgroundShare } from './background-share.js';

/** A clock the test moves by hand; `sleep` records the wait and moves the clock past it. */
function manualClock() {
  const clock = {
    at: 1_000,
    slept: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.at += ms;
    },
  };
  return clock;
}

describe('BackgroundShare', () => {
  it('with no request seen, a step is followed by no rest (the import keeps its full speed)', () => {
    const share = new BackgroundShare(0.5, manualClock());
    assert.equal(share.restAfter(5), 0);
    assert.equal(share.restAfter(20), 0);
  });

  it('while requests come in, a step of d ms is followed by d·(1 − share)/share ms of rest', () => {
    const clock = manualClock();
    const half = new BackgroundShare(0.5, clock);
    half.noteRequest();
    assert.equal(half.restAfter(4), 4);
    const quarter = new BackgroundShare(0.25, clock);
    quarter.noteRequest();
    assert.equal(quarter.restAfter(2), 6);
  });

  it('a rest is never longer than 50 ms, however long the step', () => {
    const share = new BackgroundShare(0.1, manualClock());
    share.noteRequest();
    assert.equal(share.restAfter(30), 50);
  });

  it('requests stop counting 20 ms after the last one', () => {
    const clock = manualClock();
    const share = new BackgroundShare(0.5, clock);
    share.noteRequest();
    assert.equal(share.restAfter(1), 1);
    clock.at += 20;
    assert.equal(share.restAfter(1), 1, 'the last request is 20 ms old: still foreground');
    clock.at += 1;
    assert.equal(share.restAfter(1), 0);
    share.noteRequest();
    clock.at += 10;
    assert.equal(share.restAfter(1), 1);
  });

  it('share 1 turns the pacing off', () => {
    const share = new BackgroundShare(0.5, manualClock());
    share.configure(1);
    share.noteRequest();
    assert.equal(share.restAfter(10), 0);
  });

  it("two tasks' steps take turns: the second waits for the first's next step and its rest", () => {
    const clock = manualClock();
    const share = new BackgroundShare(0.5, clock);
    share.noteRequest();
    // Task A did 3 ms: it rests 3 ms, and its next step (3 ms, as estimated) and rest are reserved.
    assert.equal(share.restAfter(3), 3);
    // Task B, in the same turn, did 2 ms: it starts after A's reserved step and rest (3 + 3 + 3).
    clock.at += 2;
    assert.equal(share.restAfter(2), 9 - 2);
    // A is back after its 3 ms rest and a 3 ms step: it waits behind B's reservation (2 + 2).
    clock.at = 1_000 + 3 + 3;
    assert.equal(share.restAfter(3), 1_000 + 9 + 2 + 2 - clock.at);
  });

  it("a pacer counts the time since its previous step as that step's work, and gives back its unused estimate", async () => {
    const clock = manualClock();
    const share = new BackgroundShare(0.5, clock);
    const pacer = share.pacer();
    share.noteRequest();
    clock.at += 4;
    await pacer.next();
    // The step after was 2 ms, not the 4 reserved: it rests 2 ms, not until the reservation's end.
    clock.at += 2;
    await pacer.next();
    assert.deepEqual(clock.slept, [4, 2]);
  });

  it("a pacer keeps another task's reservation", async () => {
    const clock = manualClock();
    const share = new BackgroundShare(0.5, clock);
    const pacer = share.pacer();
    share.noteRequest();
    clock.at += 4;
    await pacer.next(); // rests 4 ms (until 1008), reserves its next step and rest: until 1016
    assert.equal(share.restAfter(1), 1_016 - 1_008 + 0, 'another task waits behind it');
    clock.at += 4;
    await pacer.next(); // the other task reserved 1016 + 1 + 1: this one waits until 1018
    assert.deepEqual(clock.slept, [4, 1_018 - 1_012]);
  });

  it('without requests a pacer yields one turn of the event loop, not a timer', async () => {
    const clock = manualClock();
    const share = new BackgroundShare(0.5, clock);
    const pacer = share.pacer();
    clock.at += 10;
    await pacer.next();
    assert.deepEqual(clock.slept, []);
  });

  it('a sizer gives whole batches without requests, and batches of the step budget while they come in', async () => {
    const clock = manualClock();
    const share = new BackgroundShare(0.5, clock);
    const sizer = share.sizer(10);
    assert.equal(sizer.next(), 10, 'no request: the whole batch');
    share.noteRequest();
    assert.equal(sizer.next(), 1, 'requests, nothing measured yet: one item');
    // Items of 1 ms each: a 3 ms budget holds three.
    await sizer.measure(1, async () => {
      clock.at += 1;
    });
    assert.equal(sizer.next(), 3);
    // Items grow to 2 ms: the moving average moves towards it, and the batch shrinks.
    sizer.record(4, 8);
    sizer.record(4, 8);
    sizer.record(4, 8);
    assert.equal(sizer.next(), 1);
    // Cheap items: never more than the whole batch.
    for (let i = 0; i < 20; i++) sizer.record(10, 1);
    assert.equal(sizer.next(), 10);
    clock.at += 21;
    assert.equal(sizer.next(), 10, 'the requests stopped 21 ms ago: the whole batch again');
  });

  it('share 1 (pacing off) turns the sizing off too', () => {
    const share = new BackgroundShare(1, manualClock());
    share.noteRequest();
    assert.equal(share.sizer(10).next(), 10);
  });

  it("a share that follows another's requests paces by them, and not by its own past", () => {
    const clock = manualClock();
    const main = new BackgroundShare(0.5, clock);
    main.noteRequest();
    const thread = new BackgroundShare(0.5, clock);
    thread.followRequestsOf(main.requestCounter);
    assert.equal(thread.restAfter(2), 0, 'requests counted before it followed are not foreground');
    main.noteRequest();
    assert.equal(thread.restAfter(2), 2);
    assert.equal(main.restAfter(2), 2);
  });

  it("requests counted on another thread make this one foreground (the workers' thread)", async () => {
    const share = new BackgroundShare(0.5, manualClock());
    const requests = new BackgroundShare(0.5, manualClock()).requestCounter;
    share.followRequestsOf(requests);
    assert.equal(share.restAfter(3), 0);
    // The other thread stands for the server's main thread: it counts one request, as noteRequest does.
    const other = new Worker(
      "const { workerData } = require('node:worker_threads'); Atomics.add(new Int32Array(workerData), 0, 1);",
      { eval: true, workerData: requests },
    );
    await new Promise((resolve, reject) => other.once('exit', resolve).once('error', reject));
    assert.equal(share.restAfter(3), 3);
  });
});
