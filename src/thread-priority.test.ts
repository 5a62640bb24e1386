import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { skipWithoutSchedIdle } from '../test/sched-idle.js';
import { statFields } from './proc-stat.js';
import { idleThreads, threadPolicy, v8HelperThreadIds, v8PoolSize } from './thread-priority.js';

/** CPU ticks (user + system) each thread of a process has used. */
function cpuByThread(pid: number): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = statFields(stat);
    ticks.set(Number(tid), Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

/**
 * A node process with `flags` that makes garbage for 1.5 s (an ESM entry, so the module loader
 * has started libuv's pool too, as in the server) and then waits to be read.
 */
async function collectingProcess(flags: string[]) {
  const script = `
    await import('node:fs').then((fs) => fs.promises.readFile('/proc/self/stat'));
    let keep = [];
    const end = Date.now() + 1500;
    while (Date.now() < end) { keep.push(new Array(1000).fill({ a: 1 })); if (keep.length > 20000) keep = []; }
    process.stdout.write('collected\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return child;
}

describe('thread priority', () => {
  it("reads --v8-pool-size as node does: the command line over NODE_OPTIONS, else node's default of 4", () => {
    assert.equal(v8PoolSize([], ''), 4);
    assert.equal(v8PoolSize(['--v8-pool-size=2'], ''), 2);
    assert.equal(v8PoolSize(['--v8-pool-size', '3'], ''), 3);
    assert.equal(v8PoolSize([], '--max-old-space-size=100 --v8-pool-size=6'), 6);
    assert.equal(v8PoolSize(['--v8-pool-size=2'], '--v8-pool-size=6'), 2);
  });

  it("names V8's helper threads: the ones that did the collections' work, not the delayed-task thread or libuv's", async (t) => {
    if (skipWithoutSchedIdle(t)) return;
    for (const pool of [2, 3]) {
      const child = await collectingProcess([`--v8-pool-size=${pool}`, '--max-semi-space-size=8']);
      try {
        const helpers = v8HelperThreadIds(pool, child.pid!);
        assert.equal(helpers.length, pool);
        const ticks = cpuByThread(child.pid!);
        const others = [...ticks.keys()].filter((tid) => tid !== child.pid && !helpers.includes(tid));
        assert.ok(others.length >= 2, `the process has other threads too: ${[...ticks.keys()]}`);
        // Every helper took part in 1.5 s of collections; no other thread but the main one did.
        for (const tid of helpers) assert.ok(ticks.get(tid)! >= 3, `helper ${tid}: ${ticks.get(tid)} ticks`);
        for (const tid of others) assert.ok(ticks.get(tid)! <= 1, `thread ${tid}: ${ticks.get(tid)} ticks`);
      } finally {
        child.kill();
      }
    }
  });

  it('moves a thread to SCHED_IDLE and reads it back', async (t) => {
    if (skipWithoutSchedIdle(t)) return;
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage(require('node:fs').readlinkSync('/proc/thread-self'));
       setInterval(() => {}, 1000);`,
      { eval: true },
    );
    try {
      const [link] = (await once(worker, 'message')) as [string];
      const tid = Number(link.split('/').at(-1));
      assert.equal(threadPolicy(tid), 'normal');
      assert.deepEqual(await idleThreads([tid]), ['idle']);
      assert.equal(threadPolicy(tid), 'idle');
      assert.equal(threadPolicy(process.pid), 'normal', 'the calling thread keeps its policy');
    } finally {
      await worker.terminate();
    }
  });

  it('leaves a thread it cannot find as it is', async (t) => {
    if (skipWithoutSchedIdle(t)) return;
    assert.deepEqual(await idleThreads([2 ** 30]), ['unknown']);
  });
});
