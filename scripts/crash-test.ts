// Crash safety: concurrent writers against a real server that is killed with SIGKILL at random
// moments (and, on PostgreSQL, the database stopped with an immediate shutdown), restarted, and
// checked: no acknowledged write lost, no duplicates after retrying with the same keys, and
// SQLite's integrity_check ok.
//
//   node --import tsx scripts/crash-test.ts [--rounds 8] [--writers 6] [--postgres URL]
//
// The PostgreSQL mode stops and starts the local cluster with pg_ctlcluster: run it on a machine
// where nothing else uses that PostgreSQL.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    writers: { type: 'string', default: '6' },
    postgres: { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const WRITERS = Number(args.writers);
const QUIRE = path.resolve('bin/quire.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-crash-'));
const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;

let databaseUrl: string | null = null;
if (args.postgres) {
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  const name = `quire_crash_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(args.postgres);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_SECOND: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
if (!databaseUrl) delete env.DATABASE_URL;

const seed = JSON.parse(
  execFileSync(process.execPath, [QUIRE, 'seed', 'demo', '--json'], { env }).toString(),
);
const headers = { 'x-api-key': seed.apiKey, 'content-type': 'application/json' };

/** A write that may be retried with the same key, and what the server acknowledged for it. */
interface Write {
  kind: 'accountLog' | 'person' | 'message';
  key: string;
  body: Record<string, unknown>;
  url: string;
  ackedId: string | null;
}
const writes: Write[] = [];
let acknowledged = 0;
let retriedReplays = 0;

function newWrite(writer: number, n: number): Write {
  const key = `crash-${writer}-${n}`;
  const kinds: Write['kind'][] = seed.audienceId
    ? ['accountLog', 'person', 'message']
    : ['accountLog', 'person'];
  const kind = kinds[n % kinds.length]!;
  if (kind === 'accountLog') {
    return {
      kind,
      key,
      url: '/v0/account_logs',
      body: {
        accountId: seed.accountId,
        source: 'crash-test',
        type: 'write',
        idempotencyKey: key,
        payload: { writer, n },
      },
      ackedId: null,
    };
  }
  if (kind === 'message') {
    return {
      kind,
      key,
      url: `/v0/pages/${seed.pageId}/audiences/${seed.audienceId}/messages`,
      body: { message: `Crash message ${key}`, clientMessageId: key },
      ackedId: null,
    };
  }
  return { kind, key, url: '/v0/persons', body: { name: `Crash Person ${key}` }, ackedId: null };
}

async function send(write: Write): Promise<boolean> {
  try {
    const response = await fetch(base + write.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(write.body),
      signal: AbortSignal.timeout(5000),
    });
    if (response.status >= 500 || response.status === 429) return false;
    const body = (await response.json()) as Record<string, string>;
    if (response.status >= 400)
      throw new Error(`${write.url} answered ${response.status}: ${JSON.stringify(body)}`);
    const id = body.accountLogId ?? body.personId ?? body.versionId ?? null;
    if (write.ackedId !== null && write.ackedId !== id)
      throw new Error(`replay of ${write.key} returned ${id}, first ${write.ackedId}`);
    if (write.ackedId === null) acknowledged++;
    else retriedReplays++;
    write.ackedId = id;
    return true;
  } catch (error) {
    if ((error as Error).message.includes('answered') || (error as Error).message.includes('replay'))
      throw error;
    return false; // the server died under us: not acknowledged
  }
}

function startServer(): ChildProcess {
  return spawn(process.execPath, [QUIRE, 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become ready');
}

function postgresCluster(action: 'stop' | 'start'): void {
  const version = fs.readdirSync('/etc/postgresql')[0]!;
  const extra = action === 'stop' ? ['-m', 'immediate'] : [];
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, ...extra], {
    stdio: 'inherit',
  });
}

let counter = 0;
for (let round = 1; round <= ROUNDS; round++) {
  const server = startServer();
  await waitReady();
  // Retry what was never acknowledged (idempotent kinds), and replay a few acknowledged ones.
  for (const write of writes.filter((w) => w.kind !== 'person' && w.ackedId === null)) await send(write);
  for (const write of writes.filter((w) => w.ackedId !== null && w.kind !== 'person').slice(-5))
    await send(write);
  let alive = true;
  const killAt = 300 + Math.random() * 1200;
  const writers = Array.from({ length: WRITERS }, async (_, writer) => {
    while (alive) {
      const write = newWrite(writer, counter++);
      writes.push(write);
      await send(write);
    }
  });
  await new Promise((r) => setTimeout(r, killAt));
  server.kill('SIGKILL');
  if (databaseUrl) postgresCluster('stop');
  await new Promise((r) => server.once('exit', r));
  alive = false;
  await Promise.all(writers);
  if (databaseUrl) postgresCluster('start');
  process.stderr.write(
    `round ${round}: killed after ${Math.round(killAt)} ms; ${acknowledged} acknowledged so far\n`,
  );
}

// Final check on a fresh server.
const server = startServer();
await waitReady();
for (const write of writes.filter((w) => w.kind !== 'person' && w.ackedId === null)) await send(write);
let lost = 0;
for (const write of writes.filter((w) => w.ackedId !== null)) {
  const url =
    write.kind === 'person'
      ? `/v0/persons/${write.ackedId}`
      : write.kind === 'accountLog'
        ? `/v0/accounts/${seed.accountId}/logs/${write.ackedId}`
        : null;
  if (url === null) continue;
  if ((await fetch(base + url, { headers })).status !== 200) lost++;
}
// Duplicates: each idempotency key / clientMessageId must appear exactly once.
const seenKeys = new Map<string, number>();
let cursor: string | null = null;
do {
  const page = (await (
    await fetch(
      `${base}/v0/accounts/${seed.accountId}/activity?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      { headers },
    )
  ).json()) as { items: { idempotencyKey: string | null }[]; nextCursor: string | null };
  for (const item of page.items)
    if (item.idempotencyKey) seenKeys.set(item.idempotencyKey, (seenKeys.get(item.idempotencyKey) ?? 0) + 1);
  cursor = page.nextCursor;
} while (cursor);
let duplicates = [...seenKeys.values()].filter((n) => n > 1).length;
let messagesLost = 0;
if (seed.audienceId) {
  const conversation = (await (
    await fetch(`${base}/v0/pages/${seed.pageId}/audiences/${seed.audienceId}/messages`, { headers })
  ).json()) as { messages: { content: string }[] };
  const counts = new Map<string, number>();
  for (const m of conversation.messages) counts.set(m.content, (counts.get(m.content) ?? 0) + 1);
  for (const write of writes.filter((w) => w.kind === 'message' && w.ackedId !== null)) {
    const n = counts.get(String(write.body.message)) ?? 0;
    if (n === 0) messagesLost++;
    if (n > 1) duplicates++;
  }
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const accountLogsLostInDb = writes.filter(
  (w) => w.kind === 'accountLog' && w.ackedId !== null && !seenKeys.has(w.key),
).length;

let integrity = 'n/a (PostgreSQL)';
if (!databaseUrl) {
  const db = new SQLite(path.join(dataDir, 'quire.db'));
  integrity = String(db.pragma('integrity_check', { simple: true }));
  db.close();
}
const result = {
  database: databaseUrl ? 'postgres' : 'sqlite',
  rounds: ROUNDS,
  writers: WRITERS,
  attempted: writes.length,
  acknowledged,
  replaysChecked: retriedReplays,
  lost: lost + messagesLost + accountLogsLostInDb,
  duplicates,
  integrity,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(result.lost === 0 && result.duplicates === 0 && (integrity === 'ok' || databaseUrl) ? 0 : 1);
