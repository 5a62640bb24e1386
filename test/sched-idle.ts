import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { TestContext } from 'node:test';

/**
 * Whether this machine can put threads on SCHED_IDLE (src/thread-priority.ts): Linux's /proc and
 * util-linux's chrt. Without them the test says so loudly and skips, or fails with
 * QUIRE_REQUIRE_TOOLS=1 (CI, which has both).
 */
export function skipWithoutSchedIdle(t: TestContext): boolean {
  const missing = !fs.existsSync('/proc/thread-self')
    ? 'Linux /proc'
    : ['/usr/bin/chrt', '/bin/chrt'].some((path) => fs.existsSync(path))
      ? null
      : 'chrt (apt-get install util-linux)';
  if (missing === null) return false;
  if (process.env.QUIRE_REQUIRE_TOOLS === '1') assert.fail(`${missing} is missing (QUIRE_REQUIRE_TOOLS=1)`);
  console.warn(`SKIPPED: ${t.name}: needs ${missing}`);
  t.skip(`${missing} missing`);
  return true;
}
