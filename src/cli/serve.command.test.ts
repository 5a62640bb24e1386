import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { describe, it } from 'node:test';
import { makeCpuGroup } from '../../test/cpu-group.js';
import { eventually } from '../../test/eventually.js';
import { DIALECTS, testConfig } from '../../test/harness.js';
import { envFor, QUIRE, quire, serve, spawnQuire, stop } from '../../test/processes.js';
import { skipWithoutSchedIdle } from '../../test/sched-idle.js';
import { backgroundPriority, threadPolicy, v8HelperThreadIds } from '../thread-priority.js';
import { startupFailureMessage } from './startup-failure.js';

const linux = fs.existsSync('/proc/thread-self');

/** `quire serve` on a free port, resolved once both its human line and its JSON log line are out. */
/** `group`: a CPU cgroup directory the server starts in (its shell moves itself there, then execs). */
async function serveWithBanner(env: NodeJS.ProcessEnv, group?: string) {
  const options = { env: { ...env, PORT: '0', LOG_LEVEL: 'info' } };
  const child =
    group === undefined
      ? spawnQuire(['serve'], options)
      : spawn(
          'sh',
          ['-c', `echo $$ > '${group}/cgroup.procs' && exec "$0" "$@"`, process.execPath, QUIRE, 'serve'],
          options,
        );
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

/** The server's JSON log record whose message holds `text`, once it has been written. */
async function logRecord(started: Awaited<ReturnType<typeof serveWithBanner>>, text: string) {
  const line = await eventually(
    async () =>
      started
        .stdout()
        .split('\n')
        .find((l) => l.includes(text)),
    (found) => found !== undefined,
    { describe: () => `no "${text}" in:\n${started.stdout().slice(-2000)}`, timeoutMs: 20_000 },
  );
  return JSON.parse(line!);
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
      const record = await logRecord(started, 'workers started on their own thread');
      assert.equal(record.workers.length, 2);
      assert.ok(record.niceness >= 10, `niceness ${record.niceness}`);
      // BACKGROUND_PRIORITY=auto, the default: idle only where the server has its CPU group to
      // itself, which it says (on CI and a laptop's shell it shares the test runner's).
      const idle = (await logRecord(started, 'BACKGROUND_PRIORITY=auto')).backgroundPriority === 'idle';
      assert.equal(
        idle,
        backgroundPriority('auto', started.child.pid!) === 'idle',
        'auto follows the CPU group',
      );
      if (linux) assert.equal(record.policy, idle ? 'idle' : 'normal');
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

  it('by default (auto) goes idle in a CPU cgroup of its own, as in a container', async (t) => {
    if (skipWithoutSchedIdle(t)) return;
    if (os.availableParallelism() < 2) {
      console.warn(`SKIPPED: ${t.name}: one core, where auto stays nice`);
      return t.skip('one core');
    }
    const group = makeCpuGroup(t);
    if (group === null) return;
    try {
      const started = await serveWithBanner({ ...envFor('sqlite'), WORKERS: '1' }, group.dir);
      try {
        const thread = await logRecord(started, 'workers started on their own thread');
        assert.match(started.stdout(), /background priority idle: the process has its CPU group to itself/);
        assert.equal(thread.policy, 'idle');
        const pid = started.child.pid!;
        assert.deepEqual(
          v8HelperThreadIds(4, pid).map((tid) => threadPolicy(tid, pid)),
          ['idle', 'idle', 'idle', 'idle'],
        );
        assert.equal(threadPolicy(pid, pid), 'normal');
      } finally {
        assert.equal(await stop(started.child), 0);
      }
    } finally {
      group.remove();
    }
  });
});
