import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { DIALECTS } from '../harness.js';
import { isolatedEnvFor, quire, serve, stop } from '../processes.js';

const run = promisify(execFile);

for (const dialect of DIALECTS) {
  describe(`examples/quickstart.ts against a real server [${dialect}]`, () => {
    it('creates a person, logs activity, gets the agent reply and pages through persons', async (t) => {
      // Its worker would take other test files' queued versions on the shared database.
      const { env, drop } = await isolatedEnvFor(dialect);
      t.after(drop);
      const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      const { child, base } = await serve({ ...env, WORKERS: '1' });
      try {
        const runQuickstart = async () =>
          (
            await run(process.execPath, ['--import', 'tsx', path.resolve('examples/quickstart.ts')], {
              env: {
                ...process.env,
                QUIRE_URL: base,
                QUIRE_API_KEY: seed.apiKey,
                QUIRE_PAGE_ID: seed.pageId,
                QUIRE_AUDIENCE_ID: seed.audienceId,
              },
              timeout: 90_000,
            })
          ).stdout;
        for (const attempt of [1, 2]) {
          // The second run sends the same text again: its reply must be the one to its own version.
          const stdout = await runQuickstart();
          assert.match(stdout, /^person person_/m);
          assert.match(stdout, /^account log accountlog_/m);
          const queued = /version (version_\w+) queued/.exec(stdout)?.[1];
          const answered = /^agent replied to (version_\w+): /m.exec(stdout)?.[1];
          assert.ok(queued, stdout);
          assert.equal(answered, queued, `run ${attempt}: ${stdout}`);
          const paged = Number(/paged through (\d+) persons/.exec(stdout)?.[1]);
          assert.ok(paged >= 2 * attempt, stdout);
        }
      } finally {
        assert.equal(await stop(child), 0);
      }
    });
  });
}
