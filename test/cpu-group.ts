import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';

/**
 * A new CPU group under the one this process is in (cgroup v1's cpu hierarchy or v2 with the CPU
 * controller delegated), or null with a loud skip where this user cannot make one (not root, no
 * writable hierarchy, not Linux): then the kernel's own answer goes unchecked.
 */
let made = 0;

export function makeCpuGroup(t: TestContext) {
  const lines = fs.existsSync('/proc/self/cgroup')
    ? fs.readFileSync('/proc/self/cgroup', 'utf8').split('\n')
    : [];
  const candidates = [
    // v1: the cpu hierarchy's directory, at the path /proc/self/cgroup gives for it.
    (() => {
      const line = lines.find((l) => l.split(':')[1]?.split(',').includes('cpu'));
      return line === undefined ? null : path.join('/sys/fs/cgroup/cpu', line.split(':').slice(2).join(':'));
    })(),
    // v2: the unified hierarchy, if the CPU controller is delegated below this process's group.
    (() => {
      const line = lines.find((l) => l.startsWith('0::'));
      if (line === undefined) return null;
      const dir = path.join('/sys/fs/cgroup', line.slice(3));
      const control = path.join(dir, 'cgroup.subtree_control');
      return fs.existsSync(control) && fs.readFileSync(control, 'utf8').split(/\s+/).includes('cpu')
        ? dir
        : null;
    })(),
  ];
  for (const parent of candidates) {
    if (parent === null) continue;
    const dir = path.join(parent, `quire-test-${process.pid}-${++made}`);
    try {
      fs.mkdirSync(dir);
    } catch {
      continue;
    }
    return {
      dir,
      add: (pid: number) => fs.writeFileSync(path.join(dir, 'cgroup.procs'), `${pid}\n`),
      remove: () => {
        // The killed members leave the group as they exit; then it can go.
        fs.rmdirSync(dir);
      },
    };
  }
  console.warn(
    `SKIPPED: ${t.name}: this user cannot make a CPU cgroup (needs root and a writable cpu hierarchy)`,
  );
  t.skip('no CPU cgroup can be made here');
  return null;
}
