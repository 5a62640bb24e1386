/**
 * Acceptance test of issue 14, item 1: `quire serve` and `quire worker` keep running when
 * PostgreSQL restarts (an immediate restart: a crash) and, separately, when their backends are
 * terminated with pg_terminate_backend, all under a bounded load of writes and version requests.
 * Clients see only 2xx or 503, every acknowledged write is there afterwards, and every queued
 * version is drafted exactly once. The cluster is the test's own (test/private-postgres.ts).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPostgresBin, PrivatePostgres } from '../private-postgres.js';
import { QUIRE, serve, spawnQuire } from '../processes.js';

const run = promisify(execFile);
const bin = findPostgresBin();
const required = process.env.QUIRE_REQUIRE_TOOLS === '1';
if (bin === null && required) throw new Error('QUIRE_REQUIRE_TOOLS=1 but initdb/pg_ctl are missing');
if (bin === null) {
  console.warn(
    '\n*** SKIPPED: PostgreSQL restart test: no /usr/lib/postgresql/*/bin with initdb and pg_ctl ***\n',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seed {
  apiKey: string;
  tenantId: string;
  accountId: string;
  pageId: string;
  audienceId: string;
}

/** Every answer the clients saw, and what the server acknowledged. */
class Load {
  readonly statuses = new Map<string, number>();
  readonly ackedLogs = new Set<string>();
  readonly ackedVersions = new Set<string>();
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private n = 0;

  constructor(
    private readonly base: string,
    private readonly seed: Seed,
  ) {}

  start(): void {
    for (let i = 0; i < 3; i++) this.loops.push(this.loop(() => this.writeLog(), 20));
    this.loops.push(this.loop(() => this.requestVersion(), 150));
    this.loops.push(this.loop(() => this.read(), 50));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(step: () => Promise<void>, pauseMs: number): Promise<void> {
    while (this.running) {
      await step();
      await sleep(pauseMs);
    }
  }

  private count(status: string): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  private async send(method: string, path: string, body?: unknown): Promise<Record<string, string> | null> {
    try {
      const response = await fetch(this.base + path, {
        method,
        headers: { 'x-api-key': this.seed.apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      this.count(String(response.status));
      if (response.status === 503) assert.ok(response.headers.get('retry-after'), '503 has Retry-After');
      const json = (await response.json()) as Record<string, string>;
      return response.ok ? json : null;
    } catch (error) {
      this.count(`error: ${(error as Error).cause ?? (error as Error).message}`);
      return null;
    }
  }

  private async writeLog(): Promise<void> {
    const key = `restart-${this.n++}`;
    const body = await this.send('POST', '/v0/account_logs', {
      accountId: this.seed.accountId,
      source: 'restart-test',
      type: 'write',
      idempotencyKey: key,
      payload: { key },
    });
    if (body) this.ackedLogs.add(body.accountLogId!);
  }

  private async requestVersion(): Promise<void> {
    const key = `restart-version-${this.n++}`;
    const path = `/v0/pages/${this.seed.pageId}/audiences/${this.seed.audienceId}/messages`;
    const body = await this.send('POST', path, { message: `Make it shorter (${key})`, clientMessageId: key });
    if (body) this.ackedVersions.add(body.versionId!);
  }

  private async read(): Promise<void> {
    await this.send('GET', `/v0/accounts/${this.seed.accountId}/activity?limit=5`);
  }
}

describe('PostgreSQL restarts and terminated backends under load (private cluster)', {
  skip: bin === null ? 'no PostgreSQL binaries (set QUIRE_REQUIRE_TOOLS=1 to fail instead)' : false,
}, () => {
  let cluster: PrivatePostgres;
  let server: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  let admin: pg.Client;
  let seed: Seed;
  let base: string;
  const exits: string[] = [];

  before(async () => {
    cluster = await PrivatePostgres.start(bin!);
    const { QUIRE_TEST_PG_URL, ...rest } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...rest,
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_SECOND: '0',
      WORKERS: '0',
      PG_POOL_TIMEOUT_MS: '2000',
      PG_LOCK_TIMEOUT_MS: '2000',
    };
    const { stdout } = await run(process.execPath, [QUIRE, 'seed', 'demo', '--json'], { env });
    seed = JSON.parse(stdout) as Seed;
    ({ child: server, base } = await serve(env));
    server.on('exit', (code, signal) => exits.push(`quire serve exited: ${code ?? signal}`));
    // The worker starts while the cluster is down and waits for it (issue 36): it says so, then
    // starts its workers once the cluster is up. LOG_LEVEL info for its 'workers started' line.
    await cluster.ctl('stop', 'fast');
    const started = spawnQuire(['worker', '--concurrency', '2'], {
      env: { ...env, LOG_LEVEL: 'info', AGENT: 'builtin', WORKER_POLL_MS: '25', WORKER_LEASE_MS: '2000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.on('exit', (code, signal) => exits.push(`quire worker exited: ${code ?? signal}`));
    let startLog = '';
    started.stderr!.on('data', (chunk) => {
      startLog += chunk;
    });
    const waitFor = (text: string, what: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what} not seen in 60 s: ${startLog}`)), 60_000);
        const check = setInterval(() => {
          if (startLog.includes(text)) {
            clearTimeout(timer);
            clearInterval(check);
            resolve();
          }
        }, 20);
        started.once('exit', () => {
          clearTimeout(timer);
          clearInterval(check);
          reject(new Error(`quire worker exited while starting: ${startLog}`));
        });
      });
    await waitFor('database not reachable yet', 'the worker waiting for the database');
    await cluster.ctl('start');
    await waitFor('workers started', 'the worker starting once the database is up');
    started.stderr!.on('data', (chunk) => {
      if (!String(chunk).includes('"level":30')) process.stderr.write(chunk);
    });
    worker = started;
    admin = await connect();
  });

  after(async () => {
    await admin?.end().catch(() => {});
    for (const child of [server, worker]) {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    await cluster?.destroy();
  });

  /** The test's own connection; the faults break it too, so its errors are expected. */
  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: cluster.url });
    client.on('error', () => {});
    await client.connect();
    return client;
  }

  /** Reconnects the test's own client after the cluster restarted. */
  async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
    try {
      return (await admin.query<T>(sql, values)).rows;
    } catch {
      await admin.end().catch(() => {});
      admin = await connect();
      return (await admin.query<T>(sql, values)).rows;
    }
  }

  async function underLoad(fault: () => Promise<void>, label: string): Promise<Load> {
    const load = new Load(base, seed);
    load.start();
    await sleep(1500);
    await fault();
    // Long enough for the pools to notice, the clients to meet 503s and the service to recover.
    await sleep(3000);
    await load.stop();
    const answers = Object.fromEntries(load.statuses);
    const unexpected = [...load.statuses.keys()].filter((s) => !/^2\d\d$|^503$/.test(s));
    assert.deepEqual(unexpected, [], `${label}: only 2xx or 503, got ${JSON.stringify(answers)}`);
    assert.deepEqual(exits, [], `${label}: the processes stay up`);
    // The service works again once the fault is over.
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      const response = await fetch(`${base}/v0/accounts/${seed.accountId}/activity?limit=1`, {
        headers: { 'x-api-key': seed.apiKey },
      });
      recovered = response.status === 200;
      if (!recovered) await sleep(100);
    }
    assert.ok(recovered, `${label}: reads succeed again`);
    const logs = await query<{ id: string }>('SELECT id FROM account_logs WHERE id = ANY($1)', [
      [...load.ackedLogs],
    ]);
    assert.ok(load.ackedLogs.size > 0, `${label}: some writes were acknowledged`);
    assert.equal(logs.length, load.ackedLogs.size, `${label}: every acknowledged write is there`);
    console.log(`${label}: ${JSON.stringify(answers)}; ${load.ackedVersions.size} versions requested`);
    return load;
  }

  it('survive an immediate restart of the cluster, then the termination of their backends', async () => {
    const requested = new Set<string>();
    const restart = await underLoad(() => cluster.ctl('restart', 'immediate'), 'restart -m immediate');
    for (const id of restart.ackedVersions) requested.add(id);
    const terminate = await underLoad(async () => {
      const killed = await query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      assert.ok(killed.length > 0, "Quire's backends are there to terminate");
      await query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
        killed.map((k) => k.pid),
      ]);
    }, 'pg_terminate_backend');
    for (const id of terminate.ackedVersions) requested.add(id);
    assert.ok(requested.size > 0, 'versions were requested');

    // The worker drafts every queued version, each exactly once (one agent reply per version).
    const deadline = Date.now() + 20_000;
    let pending = Number.POSITIVE_INFINITY;
    while (pending > 0 && Date.now() < deadline) {
      const [row] = await query<{ pending: string }>(
        `SELECT count(*) AS pending FROM audience_versions WHERE status IN ('queued', 'processing')`,
      );
      pending = Number(row!.pending);
      if (pending > 0) await sleep(200);
    }
    assert.equal(pending, 0, 'the worker drained the queue');
    const versions = await query<{ id: string; status: string; last_error: string | null; replies: string }>(
      `SELECT v.id, v.status, v.last_error, (SELECT count(*) FROM messages m
                                WHERE m.version_id = v.id AND m.role = 'agent') AS replies
         FROM audience_versions v WHERE v.tenant_id = $1`,
      [seed.tenantId],
    );
    assert.ok(versions.length >= requested.size);
    const byId = new Map(versions.map((v) => [v.id, v]));
    // Every request reached its outcome: a draft, or (once "make it shorter" has nothing left to
    // shorten) an answer in the conversation with no new content: cancelled without an error.
    for (const id of requested) {
      const version = byId.get(id);
      const answered = version?.status === 'cancelled' && version.last_error === null;
      assert.ok(
        version?.status === 'draft' || answered,
        `requested version ${id} was drafted or answered: ${JSON.stringify(version)}`,
      );
    }
    const twice = versions.filter((v) => Number(v.replies) !== 1);
    assert.deepEqual(twice, [], 'every version has exactly one agent reply');
    assert.deepEqual(exits, [], 'the processes are still up');
  });
});
