import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { DIALECTS } from './harness.js';
import { isolatedEnvFor, QUIRE, serve, stop } from './processes.js';

const run = promisify(execFile);

/**
 * The README as a new user follows it: every shell block, in order, in one shell, on a fresh
 * database, with the key and ids the earlier commands made (nothing is handed in by the test).
 * Only `npm` lines are left out: the test has installed, built and started the server itself.
 * Every curl must answer 2xx, except those the README announces with `# -> <status>`.
 */
function readmeScript(): { script: string; announcedErrors: number[]; curls: string[] } {
  const readme = fs.readFileSync('README.md', 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const lines = blocks.flatMap((block) => block.split('\n')).filter((l) => !/^\s*npm /.test(l));
  const joined = lines.join('\n').replace(/\\\n\s*/g, ' ');
  const announcedErrors = [...joined.matchAll(/#\s*->\s*([45]\d\d)/g)].map((m) => Number(m[1]));
  const curls = joined.split('\n').filter((l) => /(^|\$\(|\| )curl /.test(l));
  return { script: lines.join('\n'), announcedErrors, curls };
}

// `npx quire` as the README uses it, and a curl that records every status it gets.
const PRELUDE = `set -euo pipefail
npx() { if [ "$1" = quire ]; then shift; node "$QUIRE_BIN" "$@"; else command npx "$@"; fi; }
curl() {
  local out code
  out=$(mktemp)
  code=$(command curl -o "$out" -w '%{http_code}' "$@")
  cat "$out"; rm -f "$out"
  echo "$code" >> "$STATUS_LOG"
}
`;

for (const dialect of DIALECTS) {
  describe(`README walkthrough [${dialect}]`, () => {
    it('runs every shell example in order on a fresh database, as the README says', async (t) => {
      const { script, announcedErrors, curls } = readmeScript();
      for (const resource of [
        '/v0/persons',
        '/v0/account_logs',
        '/v0/accounts',
        '/messages',
        '/v0/assets',
        '/entries',
      ])
        assert.ok(curls.join(' ').includes(resource), `the README has a curl example for ${resource}`);

      // A fresh database indeed, also on PostgreSQL: its worker would take other test files' versions.
      const { env, drop } = await isolatedEnvFor(dialect);
      t.after(drop);
      const { child, base } = await serve({ ...env, WORKERS: '1' });
      const statusLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-readme-')), 'statuses');
      fs.writeFileSync(statusLog, '');
      try {
        const { stdout, stderr } = await run(
          'bash',
          ['-c', PRELUDE + script.replaceAll('http://127.0.0.1:3000', base)],
          {
            env: { ...env, QUIRE_BIN: QUIRE, STATUS_LOG: statusLog },
            timeout: 120_000,
            maxBuffer: 16 * 1024 * 1024,
          },
        ).catch((error: { stdout: string; stderr: string; code: number }) => {
          assert.fail(
            `the README stopped with ${error.code}:\n${error.stderr}\n${error.stdout.slice(-2000)}`,
          );
        });
        const statuses = fs.readFileSync(statusLog, 'utf8').trim().split('\n').map(Number);
        assert.ok(statuses.length >= curls.length, `every curl ran (${statuses.length}): ${stderr}`);
        assert.deepEqual(
          statuses.filter((s) => s < 200 || s >= 300),
          announcedErrors,
          `only the announced errors: ${statuses.join(' ')}\n${stdout.slice(-3000)}`,
        );
        assert.match(stdout, /agent replied to version_\w+: /, 'the quickstart example got its reply');
      } finally {
        assert.equal(await stop(child), 0);
      }
    });
  });
}
