// `npm run bench`: loads data, starts Quire as production would (auth on, default log level, rate
// limiter on with a limit above the offered load) and a bare node:http server, runs the load
// scenarios with wrk (see load.ts) and prints/writes a table. `npm run bench -- --help` for options.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MultiBar, Presets } from 'cli-progress';
import pg from 'pg';
import { type Database, openPostgres, openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { databaseCpuReader } from './database-cpu.js';
import { requireWrk } from './load.js';
import {
  type Running,
  serviceEnv,
  startBareServer,
  startExpressPeer,
  startFloor,
  startQuire,
} from './processes.js';
import { type Row, renderMarkdown } from './report.js';
import { type BenchContext, SCENARIOS } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    sweep: { type: 'string', default: '16,50,100' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'no-postgres': { type: 'boolean', default: false },
    'no-sqlite': { type: 'boolean', default: false },
    'import-rows': { type: 'string', default: '10000' },
    'cpu-prof': { type: 'boolean', default: false },
    'service-flags': { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(`npm run bench -- [--full] [--seconds 5] [--connections 50] [--only s1,s4] [--postgres URL | --no-postgres] [--no-sqlite]
  --full         full sizes (1,000,000 persons and logs, 100,000 assets); default sizes are smaller
  --seconds      measured seconds per run (after a 2 s warm-up)
  --connections  connections wrk holds open in every comparison (default 50, the issue's goals)
  --sweep        connection counts the GET-vs-bare comparison also runs at (default 16,50,100)
  --rounds       runs per side of each comparison, compared by their medians (default 3; more
                 narrows the spread on a noisy machine and takes longer)
  --only         run only these scenarios (${SCENARIOS.map((s) => s.id).join(', ')})
  --postgres     a PostgreSQL server for the PostgreSQL rows (a fresh database is created and dropped)
  --no-sqlite    only the PostgreSQL rows
  --import-rows  rows of s10's target-list import (default 10000, the issue's size)
  --cpu-prof     profile the service; writes a .cpuprofile per database to bench/results/profiles
                 (open it in Chrome DevTools or speedscope; \`npm run profile-summary FILE\` prints the top)
  --service-flags  extra node flags for the service, e.g. "--trace-gc" (its output goes to the service log)
`);
  process.exit(0);
}

requireWrk();
// Build what `npm start` runs.
execSync('npm run build', { stdio: 'inherit' });

const importRows = Number(args['import-rows']);
const sizes = args.full
  ? { persons: 1_000_000, logs: 1_000_000, assets: 100_000, small: 1_000, importRows }
  : { persons: 100_000, logs: 100_000, assets: 100_000, small: 1_000, importRows };
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const sweep = [...new Set([...args.sweep.split(',').map(Number), connections])].sort((a, b) => a - b);
const rounds = Number(args.rounds);
const only = args.only ? new Set(args.only.split(',')) : null;
const outDir = path.resolve('bench/results');
fs.mkdirSync(outDir, { recursive: true });

const bars = new MultiBar(
  { format: ' {bar} {percentage}% | {value}/{total} | {task}', hideCursor: true },
  Presets.shades_classic,
);
const rows: Row[] = [];
const started = Date.now();

const PEAK_RSS_GOAL_MB = 150;

const baseEnv = serviceEnv();

async function runOn(
  dialect: 'sqlite' | 'postgres',
  database: Database,
  env: NodeJS.ProcessEnv,
  location: string,
  databaseCpu?: () => Promise<number>,
): Promise<void> {
  await migrateToLatest(database.db);
  const wanted = SCENARIOS.filter((s) => (only ? only.has(s.id) : true) && s.dialects.includes(dialect));
  const profileDir = args['cpu-prof'] ? path.join(outDir, 'profiles') : undefined;
  const serviceFlags = args['service-flags'].split(' ').filter(Boolean);
  const logFile = (label: string) => path.join(outDir, `quire-${dialect}${label}.log`);
  let variants = 0;
  const ctx: BenchContext = {
    db: database.db,
    dialect,
    sizes,
    bars,
    seconds,
    connections,
    sweep,
    rounds,
    ...(databaseCpu ? { databaseCpu } : {}),
    // Started once the data is loaded (below).
    quire: undefined as unknown as Running,
    startBare: startBareServer,
    startPeer: () => startExpressPeer(dialect, location),
    startFloor: () => startFloor(location),
    ...(env.DATA_DIR === undefined ? {} : { dataDir: env.DATA_DIR }),
    startQuire: (extra) =>
      startQuire({ ...env, ...extra }, logFile(`-${++variants}`), undefined, serviceFlags),
  };
  for (const scenario of wanted) await scenario.load?.(ctx);
  const quire = await startQuire(env, logFile(''), profileDir, serviceFlags);
  ctx.quire = quire;
  try {
    for (const scenario of wanted) {
      const task = bars.create(1, 0, { task: `${scenario.id} ${scenario.title} [${dialect}]` });
      rows.push(...(await scenario.run(ctx)));
      task.increment();
    }
  } finally {
    const rss = quire.peakRssMb();
    await quire.stop();
    rows.push({
      scenario: 's7 peak RSS of the service',
      database: dialect,
      connections: null,
      requestsPerSecond: Number.NaN,
      p50: Number.NaN,
      p99: Number.NaN,
      serverCpuUs: Number.NaN,
      generatorCpuUs: Number.NaN,
      ratio: `${rss} MB`,
      goal: `<= ${PEAK_RSS_GOAL_MB} MB`,
      met: rss <= PEAK_RSS_GOAL_MB,
    });
  }
}

// SQLite: a fresh data directory.
if (!args['no-sqlite']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
  const sqlite = openSqlite(path.join(dataDir, 'quire.db'));
  try {
    await runOn('sqlite', sqlite, { ...baseEnv, DATA_DIR: dataDir }, path.join(dataDir, 'quire.db'));
  } finally {
    await sqlite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// PostgreSQL: a fresh database on the given server, when reachable.
if (!args['no-postgres']) {
  const dbName = `quire_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: args.postgres, connectionTimeoutMillis: 3000 });
  let url: string | null = null;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const u = new URL(args.postgres);
    u.pathname = `/${dbName}`;
    url = u.toString();
  } catch (error) {
    process.stderr.write(`PostgreSQL not usable (${(error as Error).message}); PostgreSQL rows skipped\n`);
  }
  if (url) {
    const database = openPostgres(url, 4);
    const cpu = databaseCpuReader(url);
    try {
      await runOn('postgres', database, { ...baseEnv, DATABASE_URL: url }, url, cpu.read);
    } finally {
      await cpu.close();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  }
  await admin.end().catch(() => {});
}
bars.stop();

const meta = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${process.platform} ${os.release()}`,
  node: process.version,
  sizes: `${sizes.persons} persons, ${sizes.logs} logs, ${sizes.assets} assets, a ${importRows}-row import (${args.full ? 'full' : 'default'})`,
  load: `wrk (2 threads), ${connections} connections (the GET comparison with bare also at ${sweep.join(', ')}); each comparison alternates its sides ${rounds} times, ${seconds} s per run after a 2 s warm-up of each, medians; server and wrk CPU per request read from /proc`,
  'machine load': `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} at the end (${os.cpus().length} cores)`,
  'total time': `${Math.round((Date.now() - started) / 1000)} s`,
};
const markdown = renderMarkdown(rows, meta);
const file = path.join(outDir, `bench-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.md`);
fs.writeFileSync(file, markdown);
process.stdout.write(`\n${markdown}\nWritten to ${path.relative(process.cwd(), file)}\n`);
process.exit(0);
