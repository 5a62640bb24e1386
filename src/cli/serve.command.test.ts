import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { eventually } from '../../test/eventually.js';
import { DIALECTS, testConfig } from '../../test/harness.js';
import { envFor, quire, serve, spawnQuire, stop } from '../../test/processes.js';
import { skipWithoutSchedIdle } from '../../test/sched-idle.js';
import { threadPolicy, v8HelperThreadIds } from '../thread-priority.js';
import { startupFailureMessage } from './startup-failure.js';

const linux = fs.existsSync('/proc/thread-self');

/** `quire serve` on a free port, resolved once both its human line and its JSON log line are out. */
async function serveWithBanner(env: NodeJS.ProcessEnv) {
  const child = spawnQuire(['serve'], { env: { ...env, PORT: '0', LOG_LEVEL: 'info' } });
  let out = '';
  let err = '';
  const lines = await new Promise<{ banner: string; log: string }>((resolve, reject) => {
    const check = () => {
      const banner = err.split('\n').find((l) => l.includes(' is serving '));
      const log = out.split('\n').find((l) => l.includes('"msg":"Quire is serving'));
      if (banner !== undefined && log !== undefined) resolve({ banner, log });
    };
    child.stdout.on('data', (chunk) => {
      out += chunk;
      check();
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
      check();
    });
    child.on('exit', (code) => reject(new Error(`quire serve exited with ${code}: ${err}`)));
  });
  return { child, ...lines, stdout: () => out };
}

for (const dialect of DIALECTS) {
  describe(`quire serve start-up [${dialect}]`, () => {
    it('says what it serves, and a second server on the same port fails in one sentence, exit 1', async () => {
      const env = { ...envFor(dialect), WORKERS: '0' };
      const first = await serve(env);
      try {
        const port = new URL(first.base).port;
        const second = await quire({ ...env, PORT: port }, 'serve').then(
          () => assert.fail('the second server must not start'),
          (error: { code: number; stderr: string; stdout: string }) => error,
        );
        assert.equal(second.code, 1);
        // bin/quire.mjs notes on stderr when it runs the sources because the bundle is not built.
        const sourcesNote = /^quire: dist\/quire\.mjs is .*\n/m;
        assert.equal(
          second.stderr.replace(sourcesNote, '').trim(),
          `quire: Cannot listen on 127.0.0.1:${port}: the port is already in use (another Quire or program runs there); stop it or set PORT.`,
        );
        assert.doesNotMatch(second.stderr + second.stdout, /\n\s+at /, 'no stack trace');
        const banner = second.stderr.split('\n').filter((l) => l.includes('is serving'));
        assert.deepEqual(banner, [], 'the failed server never claimed to serve');
      } finally {
        assert.equal(await stop(first.child), 0);
      }
    });

    it('the banner names version, database without password, workers, admin token, console and docs', async () => {
      const env = { ...envFor(dialect), WORKERS: '0' };
      const started = await serveWithBanner(env);
      try {
        const { banner } = started;
        assert.match(banner, /^Quire \d+\.\d+\.\d+ is serving http:\/\/127\.0\.0\.1:\d+ · database /);
        assert.match(banner, dialect === 'postgres' ? /database postgres(ql)?:\/\// : /database sqlite:\//);
        assert.match(
          banner,
          / · no workers in process \(run `quire worker`\) · admin token off \(set ADMIN_TOKEN for scripts\) · console http:\/\/127\.0\.0\.1:\d+\/console · docs http:\/\/127\.0\.0\.1:\d+\/docs$/,
        );
        const log = JSON.parse(started.log);
        assert.equal(log.workersInProcess, 0);
        assert.equal(log.adminApi, false);
        assert.equal(log.database.dialect, dialect);
        assert.equal(log.docsUrl, `${log.url}/docs`);
        assert.doesNotMatch(started.log, /password|:[^:@/]+@/, 'no credentials in the log line');
      } finally {
        await stop(started.child);
      }
    });
  });
}

describe('start-up failure messages', () => {
  it('never show a database password', () => {
    const config = testConfig({ databaseUrl: 'postgres://quire:s3cret@db.internal:5432/quire' });
    const message = startupFailureMessage(
      Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      config,
    );
    assert.equal(
      message,
      'Cannot reach PostgreSQL at db.internal:5432 (database "quire"): the connection was refused. Start PostgreSQL there, or fix the host and port in DATABASE_URL.',
    );
  });
});

describe('quire serve with its workers on a thread of their own [sqlite]', () => {
  it('says so, and the thread starts from the build, below the requests, paced by them, and logs through the server', async () => {
    const started = await serveWithBanner({ ...envFor('sqlite'), WORKERS: '2' });
    try {
      assert.match(started.banner, / · 2 workers in process \(own thread\) · /);
      assert.equal(JSON.parse(started.log).workersThread, true);
      const line = await eventually(
        async () =>
          started
            .stdout()
            .split('\n')
            .find((l) => l.includes('workers started on their own thread')),
        (found) => found !== undefined,
        { describe: () => `no thread line in:\n${started.stdout().slice(-2000)}`, timeoutMs: 20_000 },
      );
      const record = JSON.parse(line!);
      assert.equal(record.workers.length, 2);
      assert.ok(record.niceness >= 10, `niceness ${record.niceness}`);
      if (linux) assert.equal(record.policy, 'normal', 'BACKGROUND_PRIORITY=nice, the default');
      assert.equal(record.pacedByRequests, true, "the thread follows the server's requests");
      assert.equal(record.pid, JSON.parse(started.log).pid, "the server's own logger wrote it");
    } finally {
      assert.equal(await stop(started.child), 0, 'the thread stops with the server');
    }
  });

  it("with BACKGROUND_PRIORITY=idle puts the thread and V8's helper threads on SCHED_IDLE", async (t) => {
    if (skipWithoutSchedIdle(t)) return;
    const started = await serveWithBanner({ ...envFor('sqlite'), WORKERS: '1', BACKGROUND_PRIORITY: 'idle' });
    try {
      const lines = await eventually(
        async () => {
          const out = started.stdout().split('\n');
          return [
            out.find((l) => l.includes('workers started on their own thread')),
            out.find((l) => l.includes('V8 helper threads at background priority')),
          ];
        },
        (found) => found.every((l) => l !== undefined),
        { describe: () => `missing lines in:\n${started.stdout().slice(-2000)}`, timeoutMs: 20_000 },
      );
      const [thread, helpers] = lines.map((l) => JSON.parse(l!));
      assert.equal(thread.policy, 'idle');
      // node's default pool (the test spawns quire without npm start's --v8-pool-size).
      assert.equal(helpers.helpers, 4);
      assert.deepEqual(helpers.policies, ['idle', 'idle', 'idle', 'idle']);
      // Read from outside too: the helpers and nothing else but the workers' thread.
      const pid = started.child.pid!;
      const idle = fs
        .readdirSync(`/proc/${pid}/task`)
        .map(Number)
        .filter((tid) => threadPolicy(tid, pid) === 'idle');
      assert.deepEqual(idle.slice(0, 4), v8HelperThreadIds(4, pid));
      assert.equal(idle.length, 5, `idle threads ${idle}`);
      assert.equal(threadPolicy(pid, pid), 'normal', "the requests' thread keeps its policy");
    } finally {
      assert.equal(await stop(started.child), 0);
    }
  });
});
