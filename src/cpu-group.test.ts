import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { makeCpuGroup } from '../test/cpu-group.js';
import { type CgroupRoots, ownCpuGroup } from './cpu-group.js';

const ownsCpuGroup = (pid: number, roots: CgroupRoots) => ownCpuGroup(pid, roots) !== null;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cpu-group-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/**
 * A copy of /proc's and /sys/fs/cgroup's shape: `processes` maps a pid to its parent and its
 * /proc/<pid>/cgroup text; `groups` maps a group's directory (under the cgroup root) to its
 * member pids, or to null for a group without them listed, and says which CPU file it has.
 */
function machine(
  name: string,
  processes: Record<number, { parent: number; cgroup: string }>,
  groups: Record<string, { cpuFile: 'cpu.weight' | 'cpu.shares' | null; members: number[] }>,
): CgroupRoots {
  const roots = { proc: path.join(scratch, name, 'proc'), cgroup: path.join(scratch, name, 'cgroup') };
  for (const [pid, { parent, cgroup }] of Object.entries(processes)) {
    const dir = path.join(roots.proc, pid);
    fs.mkdirSync(dir, { recursive: true });
    // A command with a space and a parenthesis, as a real one may have.
    fs.writeFileSync(path.join(dir, 'stat'), `${pid} (node (x) y) S ${parent} ${pid} ${pid} 0 -1\n`);
    fs.writeFileSync(path.join(dir, 'cgroup'), cgroup);
  }
  for (const [group, { cpuFile, members }] of Object.entries(groups)) {
    const dir = path.join(roots.cgroup, group);
    fs.mkdirSync(dir, { recursive: true });
    if (cpuFile !== null) fs.writeFileSync(path.join(dir, cpuFile), '100\n');
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), members.map((pid) => `${pid}\n`).join(''));
  }
  return roots;
}

// The service is pid 100, started by pid 50 (npm start), started by pid 1; 101 is its child.
const family = (cgroup: string) => ({
  1: { parent: 0, cgroup },
  50: { parent: 1, cgroup },
  100: { parent: 50, cgroup },
  101: { parent: 100, cgroup },
  200: { parent: 1, cgroup },
});

describe('whether the service has a CPU group to itself (BACKGROUND_PRIORITY=auto)', () => {
  it('cgroup v2: a group of its own, with its ancestors and children in it, is its own', () => {
    const unit = '/system.slice/quire.service';
    const roots = machine('v2-unit', family(`0::${unit}\n`), {
      [unit]: { cpuFile: 'cpu.weight', members: [50, 100, 101] },
    });
    assert.equal(ownsCpuGroup(100, roots), true);
  });

  it('is not its own once another process, neither ancestor nor descendant, is in it', () => {
    const unit = '/user.slice/session-1.scope';
    const roots = machine('v2-shared', family(`0::${unit}\n`), {
      [unit]: { cpuFile: 'cpu.weight', members: [1, 50, 100, 200] },
    });
    assert.equal(ownsCpuGroup(100, roots), false);
  });

  it("the machine's root group is nobody's own; a container's namespaced root (it has cpu.weight) is", () => {
    const host = machine('v2-root', family('0::/\n'), { '': { cpuFile: null, members: [100] } });
    assert.equal(ownsCpuGroup(100, host), false);
    const container = machine('v2-namespace', family('0::/\n'), {
      '': { cpuFile: 'cpu.weight', members: [1, 100] },
    });
    assert.equal(ownsCpuGroup(100, container), true);
  });

  it('a v2 group without the CPU controller (no cpu.weight) does not count', () => {
    const roots = machine('v2-no-cpu', family('0::/quire\n'), {
      '/quire': { cpuFile: null, members: [100] },
    });
    assert.equal(ownsCpuGroup(100, roots), false);
  });

  it('cgroup v1 and hybrid machines: the cpu hierarchy decides, and its root group is shared', () => {
    const hybrid = '12:memory:/x\n4:cpu,cpuacct:/quire\n0::/\n';
    const own = machine('v1-own', family(hybrid), {
      'cpu,cpuacct/quire': { cpuFile: 'cpu.shares', members: [100] },
    });
    assert.equal(ownsCpuGroup(100, own), true);
    const root = machine('v1-root', family('4:cpu,cpuacct:/\n0::/\n'), {
      'cpu,cpuacct': { cpuFile: 'cpu.shares', members: [100] },
    });
    assert.equal(ownsCpuGroup(100, root), false);
  });

  it("reads the group's CPU quota: v2's cpu.max, v1's cfs quota over its period, none as Infinity", () => {
    const quota = (name: string, cgroup: string, dir: string, file: string, text: string) => {
      const roots = machine(name, family(cgroup), {
        [dir]: { cpuFile: dir.startsWith('cpu') ? 'cpu.shares' : 'cpu.weight', members: [100] },
      });
      fs.writeFileSync(path.join(roots.cgroup, dir, file), text);
      return ownCpuGroup(100, roots);
    };
    assert.equal(quota('q-v2-max', '0::/q\n', '/q', 'cpu.max', 'max 100000\n'), Number.POSITIVE_INFINITY);
    assert.equal(quota('q-v2-one', '0::/q\n', '/q', 'cpu.max', '100000 100000\n'), 1);
    assert.equal(quota('q-v1-half', '4:cpu:/q\n', 'cpu/q', 'cpu.cfs_quota_us', '50000\n'), 0.5);
    assert.equal(
      quota('q-v1-none', '4:cpu:/q\n', 'cpu/q', 'cpu.cfs_quota_us', '-1\n'),
      Number.POSITIVE_INFINITY,
    );
  });

  it('a member that has exited since the group was read does not count against it', () => {
    const roots = machine('v2-exited', family('0::/quire\n'), {
      '/quire': { cpuFile: 'cpu.weight', members: [100, 4242] },
    });
    assert.equal(ownsCpuGroup(100, roots), true);
  });

  it('where /proc cannot be read the answer is no', () => {
    assert.equal(ownsCpuGroup(100, { proc: path.join(scratch, 'missing'), cgroup: scratch }), false);
  });

  it('on this machine: a process moved into a CPU group made for it owns it; with a stranger beside it, not', async (t) => {
    const group = makeCpuGroup(t);
    if (group === null) return;
    const probe = `
      const { ownCpuGroup } = await import(${JSON.stringify(new URL('./cpu-group.ts', import.meta.url).href)});
      process.stdin.on('data', () => process.stdout.write(String(ownCpuGroup() !== null) + '\\n'));`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const stranger = spawn('sleep', ['30']);
    try {
      const ask = async () => {
        const answer = once(child.stdout!, 'data');
        child.stdin!.write('?\n');
        return String((await answer)[0]).trim();
      };
      group.add(child.pid!);
      assert.equal(await ask(), 'true', `alone in ${group.dir}`);
      group.add(stranger.pid!);
      assert.equal(await ask(), 'false', 'with a process that is not its kin');
    } finally {
      child.kill();
      stranger.kill();
      await Promise.all([once(child, 'exit'), once(stranger, 'exit')]);
      group.remove();
    }
  });
});
