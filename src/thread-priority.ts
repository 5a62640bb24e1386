import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { ownCpuGroup } from './cpu-group.js';
import { statFields } from './proc-stat.js';

/**
 * Background threads of a serving process (the workers' thread, V8's garbage-collection helpers)
 * on Linux's SCHED_IDLE policy (BACKGROUND_PRIORITY=idle, docs/operations.md): such a thread runs
 * only on a core no other thread wants, and a waking thread of the normal policy takes the core
 * from it at once. A niceness of 10 does not do that: under the kernel's EEVDF scheduler a thread
 * already running keeps its core until its slice is used, and `perf sched` showed the requests'
 * thread waiting up to 2.6 ms behind the workers' thread at niceness 10, and as long behind the
 * helpers marking that thread's heap (docs/imports.md, "Background threads at idle priority").
 *
 * Node has no call for a thread's policy, so `chrt` (util-linux) sets it by the thread's kernel
 * id. Moving one's own threads to SCHED_IDLE needs no privilege; leaving it needs CAP_SYS_NICE, so
 * it is for the life of the thread. Where `chrt` or /proc is missing nothing changes.
 */

const run = promisify(execFile);

/** The kernel's number for SCHED_IDLE (sched.h). */
const SCHED_IDLE = 5;
/** Node's default `--v8-pool-size` (node_options.h, Node 20 and 22). */
const NODE_DEFAULT_V8_POOL_SIZE = 4;

export type ThreadPolicy = 'idle' | 'normal' | 'unknown';

/**
 * What BACKGROUND_PRIORITY means for this process: `auto` (the default) is `idle` where the
 * process has a CPU cgroup to itself with at least two cores (a container, a systemd unit:
 * src/cpu-group.ts), and `nice` elsewhere. In a group of its own SCHED_IDLE gives way to the
 * service's own threads only, and with a second core the requests' thread, which uses one at
 * most, cannot starve the background; in a shared group a busy neighbour could, for good.
 */
export function backgroundPriority(setting: 'auto' | 'nice' | 'idle', pid = process.pid): 'nice' | 'idle' {
  if (setting !== 'auto') return setting;
  const cores = ownCpuGroup(pid);
  return cores !== null && Math.min(cores, os.availableParallelism()) >= 2 ? 'idle' : 'nice';
}

/** The kernel's id of the calling thread (Linux), or null elsewhere. */
export function currentThreadId(): number | null {
  try {
    // "<pid>/task/<tid>"
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** The scheduling policy of a thread (of this process by default), from /proc (stat's 41st field). */
export function threadPolicy(tid: number, pid: number | 'self' = 'self'): ThreadPolicy {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const policy = Number(statFields(stat)[41 - 3]);
    return policy === SCHED_IDLE ? 'idle' : 'normal';
  } catch {
    return 'unknown';
  }
}

/**
 * Moves threads of this process to SCHED_IDLE; resolves to the policy each is on afterwards (a
 * thread stays where it was when `chrt` is missing or refuses).
 */
export async function idleThreads(tids: readonly number[]): Promise<ThreadPolicy[]> {
  return Promise.all(
    tids.map(async (tid) => {
      await run('chrt', ['--idle', '--pid', '0', String(tid)]).catch(() => {});
      return threadPolicy(tid);
    }),
  );
}

/**
 * The kernel ids of V8's platform threads in this process: the helpers that mark, scavenge and
 * sweep for every isolate of the process, the workers' thread's included. Node starts them before
 * any JavaScript runs, right after its delayed-task thread, so with the threads in the order they
 * were created (ascending ids) they are the 3rd to the (pool + 2)th. thread-priority.test.ts
 * checks this against the threads that did a collection's work, so a Node that starts its
 * threads otherwise fails the test rather than idling the wrong ones. `pid`: for that test.
 */
export function v8HelperThreadIds(poolSize = v8PoolSize(), pid = process.pid): number[] {
  let tids: number[];
  try {
    tids = fs
      .readdirSync(`/proc/${pid}/task`)
      .map(Number)
      .sort((a, b) => a - b);
  } catch {
    return [];
  }
  if (tids[0] !== pid || tids.length < poolSize + 2) return [];
  return tids.slice(2, 2 + poolSize);
}

/** The size of V8's thread pool: `--v8-pool-size` from the command line or NODE_OPTIONS. */
export function v8PoolSize(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): number {
  let size = NODE_DEFAULT_V8_POOL_SIZE;
  // NODE_OPTIONS first: the command line wins over it.
  const flags = [...nodeOptions.split(/\s+/), ...execArgv];
  for (let i = 0; i < flags.length; i++) {
    const [name, value] = flags[i]!.split('=', 2);
    if (name !== '--v8-pool-size') continue;
    const n = Number(value ?? flags[i + 1]);
    if (Number.isInteger(n) && n >= 0) size = n;
  }
  // Node's own rule for 0: one thread fewer than the cores, at least one.
  return size > 0 ? size : Math.max(os.availableParallelism() - 1, 1);
}
