import fs from 'node:fs';
import path from 'node:path';
import { statFields } from './proc-stat.js';

/**
 * Whether a process has a CPU cgroup to itself: a container, a systemd unit with CPU accounting, a
 * group made for it. BACKGROUND_PRIORITY=auto (src/thread-priority.ts) puts the background on
 * SCHED_IDLE only there. The kernel weighs SCHED_IDLE against the other threads of the same CPU
 * group: in a group of its own the idle threads give way to the service's own requests only, and
 * the group as a whole keeps its share against the rest of the machine. In a group shared with
 * other processes (a shell on a host, the test suite, the root group of a machine without the
 * CPU controller) any busy neighbour would starve them, and leaving SCHED_IDLE needs
 * CAP_SYS_NICE, so there the answer is no.
 *
 * "To itself": every process in the group is this one, one of its ancestors (`npm start`, a
 * container's init, a shell waiting for it) or one of its descendants.
 */

/** Where the kernel's files are: /proc and /sys/fs/cgroup, or a copy of their shape for tests. */
export interface CgroupRoots {
  proc: string;
  cgroup: string;
}

const SYSTEM: CgroupRoots = { proc: '/proc', cgroup: '/sys/fs/cgroup' };
/** A bound on parent chains, against a loop in a half-read /proc. */
const MAX_DEPTH = 64;

/**
 * Where a process has a CPU group of its own: the cores its quota allows (Infinity: no quota);
 * null where it shares its group or has none (see above).
 */
export function ownCpuGroup(pid = process.pid, roots: CgroupRoots = SYSTEM): number | null {
  try {
    const dir = cpuGroupDir(pid, roots);
    if (dir === null || !onlyKinIn(dir, pid, roots)) return null;
    return quotaCores(dir);
  } catch {
    return null;
  }
}

/** Whether every member of the group is the process, one of its ancestors or descendants. */
function onlyKinIn(dir: string, pid: number, roots: CgroupRoots): boolean {
  const members = fs
    .readFileSync(path.join(dir, 'cgroup.procs'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(Number);
  const ancestors = new Set(parentChain(pid, roots) ?? []);
  return members.every((member) => {
    if (member === pid || ancestors.has(member)) return true;
    const chain = parentChain(member, roots);
    // null: the member has exited since the group was read (a command the service ran).
    return chain === null || chain.includes(pid);
  });
}

/**
 * The cores the group's quota allows: v2's cpu.max ("max 100000" or "<quota> <period>"), v1's
 * cpu.cfs_quota_us over cpu.cfs_period_us (-1: none). Infinity without a quota.
 */
function quotaCores(dir: string): number {
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(dir, file), 'utf8').trim();
    } catch {
      return null;
    }
  };
  const max = read('cpu.max');
  if (max !== null) {
    const [quota, period] = max.split(/\s+/);
    return quota === 'max' ? Number.POSITIVE_INFINITY : Number(quota) / Number(period);
  }
  const quota = Number(read('cpu.cfs_quota_us') ?? -1);
  const period = Number(read('cpu.cfs_period_us') ?? 100_000);
  return quota > 0 && period > 0 ? quota / period : Number.POSITIVE_INFINITY;
}

/**
 * The directory of the process's CPU group, or null where the process is in the root group (no
 * group of its own) or the CPU controller is off for its group.
 */
function cpuGroupDir(pid: number, roots: CgroupRoots): string | null {
  // Lines "<hierarchy>:<controllers>:<path>"; the path may hold colons.
  const lines = fs
    .readFileSync(path.join(roots.proc, String(pid), 'cgroup'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hierarchy, controllers, ...rest] = line.split(':');
      return { hierarchy, controllers: controllers!.split(','), groupPath: rest.join(':') };
    });
  // cgroup v1 (or a hybrid machine) with the CPU controller on a v1 hierarchy.
  const v1 = lines.find((line) => line.controllers.includes('cpu'));
  if (v1 !== undefined) {
    // The root group is everyone's. (A v1 cgroup namespace would show its own group as "/" too;
    // those are rare, and the answer there is the safe one.)
    if (v1.groupPath === '/') return null;
    const dir = [v1.controllers.join(','), 'cpu']
      .map((mount) => path.join(roots.cgroup, mount, v1.groupPath))
      .find((candidate) => fs.existsSync(path.join(candidate, 'cpu.shares')));
    return dir ?? null;
  }
  // cgroup v2: "0::<path>". In a container with its own cgroup namespace the path is "/", yet the
  // group is the container's; the CPU controller's cpu.weight is in every group but the machine's
  // root, so that file tells them apart and also says the controller is on for the group.
  const v2 = lines.find((line) => line.hierarchy === '0' && line.controllers.join('') === '');
  if (v2 === undefined) return null;
  const dir = path.join(roots.cgroup, v2.groupPath);
  return fs.existsSync(path.join(dir, 'cpu.weight')) ? dir : null;
}

/**
 * The process's parent, grandparent and so on, up to (not including) pid 0; null when the process
 * itself is gone.
 */
function parentChain(pid: number, roots: CgroupRoots): number[] | null {
  const chain: number[] = [];
  let current = pid;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    let stat: string;
    try {
      stat = fs.readFileSync(path.join(roots.proc, String(current), 'stat'), 'utf8');
    } catch {
      // A process that has just exited: its chain ends here.
      if (depth === 0) return null;
      break;
    }
    // proc(5)'s 4th field, the parent.
    const parent = Number(statFields(stat)[1]);
    if (!Number.isInteger(parent) || parent <= 0) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}
