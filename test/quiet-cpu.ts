import fs from 'node:fs';

/** Processes by pid: their command name and parent (Linux /proc), or null without /proc. */
function processes(): Map<number, { comm: string; parent: number }> | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const all = new Map<number, { comm: string; parent: number }>();
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid ...": the name may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const parent = Number(stat.slice(close + 2).split(' ')[1]);
      all.set(Number(pid), { comm, parent });
    } catch {
      // The process ended meanwhile.
    }
  }
  return all;
}

/**
 * Chromium processes that are not `ownPid` nor started by it (another test's browser). Named
 * exactly: a browser's crash handler (chrome_crashpad_handler) leaves its parent for init, so it
 * would count as another's.
 */
function otherBrowsers(ownPid: number): number[] {
  const all = processes();
  if (all === null) return [];
  const isOwn = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
      if (at === ownPid) return true;
      at = all.get(at)?.parent ?? 0;
    }
    return false;
  };
  return [...all]
    .filter(([pid, p]) => /^(chromium|chrome|headless_shell)$/.test(p.comm) && !isOwn(pid))
    .map(([pid]) => pid);
}

/**
 * Waits until no browser but the one `ownPid` started runs on the machine, or `timeoutMs` passed:
 * the suite runs two files at a time, and a browser test beside Lighthouse took the demo's phone
 * score from 0.98 to 0.73-0.86, where a wait for idle CPUs alone met a lull in the other test.
 */
export async function untilNoOtherBrowser(
  ownPid: number,
  timeoutMs = 120_000,
): Promise<{ waitedMs: number; others: number }> {
  const started = Date.now();
  let others = otherBrowsers(ownPid).length;
  while (others > 0 && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    others = otherBrowsers(ownPid).length;
  }
  return { waitedMs: Date.now() - started, others };
}
