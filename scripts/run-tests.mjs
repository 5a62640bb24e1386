#!/usr/bin/env node
// Runs the test suite on SQLite and, when one is reachable, on PostgreSQL.
//
// PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server
// to use; a fresh database is created for this run and dropped after it, so runs never see each
// other's data. When the server cannot be reached the PostgreSQL suite is skipped, and the run
// says so, unless it is required: QUIRE_REQUIRE_POSTGRES=1 (set by .ci/run) turns that into a failure.
//
// Arguments are test files or folders (default: src and test); extra node --test flags pass through.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const roots = args.filter((a) => !a.startsWith('--'));
const files = (roots.length > 0 ? roots : ['src', 'test']).flatMap((root) => findTests(root));

// TEST_CITUS_URL: the opt-in Citus suite (docs/operations.md, "Scale-out on Citus") runs every
// test on PostgreSQL only, in that coordinator's database as it is (a throwaway cluster: creating
// a database on Citus would need the extension and the nodes set up in it again).
const citusUrl = process.env.TEST_CITUS_URL;
const baseUrl = citusUrl ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const required = process.env.QUIRE_REQUIRE_POSTGRES === '1' || citusUrl !== undefined;
const pgDatabase = `quire_test_${Date.now()}_${process.pid}`;
const pgUrl = citusUrl ?? (await createPostgresDatabase());

const env = { ...process.env };
if (pgUrl) env.QUIRE_TEST_PG_URL = pgUrl;
else delete env.QUIRE_TEST_PG_URL;

const started = Date.now();

// The CLI tests run `quire` as users do, through its bundle: build it first (a few seconds), since
// bin/quire.mjs falls back to the sources through tsx when the bundle is stale: correct, but several
// times slower per command, which the suite pays hundreds of times.
// The console too, when it is missing or older than its sources: once, here, since three test files
// need it and, run side by side, each built it into the same folder while another read it.
for (const args of [
  ['scripts/build-cli.mjs'],
  ['--import', 'tsx', '--eval', "(await import('./test/console-build.ts')).ensureConsoleBuilt()"],
]) {
  const build = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
// A bound on every test and every test file (a file whose process never exits counts): a hang
// fails with the file's name instead of holding the run until CI's own limit kills it unnamed.
const timeoutMs = process.env.TEST_TIMEOUT_MS ?? '600000';
// What a person reads: a line per finished file and a summary naming every failed, cancelled and
// skipped test (scripts/test-reporter.mjs); the full TAP goes to a file. A --test-reporter flag
// given to this script replaces both.
const tapFile = '.tmp/test-results/tap.txt';
fs.mkdirSync(path.dirname(tapFile), { recursive: true });
const reportersTo = (tap) =>
  flags.some((f) => f.startsWith('--test-reporter'))
    ? []
    : [
        '--test-reporter=./scripts/test-reporter.mjs',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
      ];
// Measurements of the machine's own speed run after the suite, with nothing beside them: Lighthouse's
// phone score is main-thread time as observed here, and the suite's other file on the second core
// moved it from 0.86-0.99 (alone) to 0.75-0.98 (CI of b7799fe; docs/hosted-pages.md, Page quality).
const ALONE = [/demo-lighthouse\.browser\.test\.ts$/];
const alone = files.filter((f) => ALONE.some((pattern) => pattern.test(f)));
let code = await runFiles(
  files.filter((f) => !alone.includes(f)),
  concurrency,
  tapFile,
);
if (alone.length > 0) {
  console.log(`Then alone, with nothing beside them: ${alone.join(', ')}`);
  code = Math.max(code, await runFiles(alone, '1', tapFile.replace('.txt', '-alone.txt')));
}
if (pgUrl && !citusUrl) await dropPostgresDatabase();
console.log(`Tests took ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(
  citusUrl
    ? `Database: Citus (${redact(citusUrl)}) only; SQLite was not tested in this run.`
    : pgUrl
      ? `Databases: SQLite and PostgreSQL (${redact(baseUrl)}) were both tested.`
      : 'Databases: SQLite was tested; the PostgreSQL suite was SKIPPED (no server reachable; set TEST_DATABASE_URL).',
);
process.exit(code);

function runFiles(list, testConcurrency, tap) {
  if (list.length === 0) return Promise.resolve(0);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${testConcurrency}`,
      `--test-timeout=${timeoutMs}`,
      ...reportersTo(tap),
      ...flags,
      ...list,
    ],
    { stdio: 'inherit', env: { ...env, QUIRE_TEST_FILES: String(list.length), QUIRE_TEST_TAP: tap } },
  );
  return new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
}

function findTests(root) {
  if (!fs.existsSync(root)) return [];
  if (fs.statSync(root).isFile()) return [root];
  return fs
    .readdirSync(root, { recursive: true })
    .map((f) => path.join(root, String(f)))
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
    .sort();
}

async function createPostgresDatabase() {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${pgDatabase}`);
    const url = new URL(baseUrl);
    url.pathname = `/${pgDatabase}`;
    return url.toString();
  } catch (error) {
    const message = `PostgreSQL at ${redact(baseUrl)} is not usable: ${error.message}`;
    if (required) {
      console.error(`${message}\nThe PostgreSQL suite is required here (QUIRE_REQUIRE_POSTGRES=1): failing.`);
      process.exit(1);
    }
    console.log(`${message}\nSkipping the PostgreSQL suite; running on SQLite only.`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropPostgresDatabase() {
  const client = new pg.Client({ connectionString: baseUrl });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
    // The databases tests made for themselves beside it (test/own-postgres-database.ts): a test
    // file that crashed or was killed never dropped its own.
    const own = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${pgDatabase}_own_%`,
    ]);
    for (const { datname } of own.rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } catch (error) {
    console.error(`Could not drop the test database ${pgDatabase}: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
