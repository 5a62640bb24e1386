// Two builds of Quire side by side on one database (a SQLite file, or with --postgres a fresh
// PostgreSQL database), alternated in one run: how a change moves the server's CPU per request,
// PostgreSQL's CPU per request and the throughput, measured the same way as `npm run bench`.
//
//   git stash && npm run build && rm -rf .tmp/before && mkdir -p .tmp && cp -r dist .tmp/before
//   git stash pop && npm run build
//   node --import tsx bench/compare-builds.ts .tmp/before/quire.mjs dist/quire.mjs --scenario get
//   node --import tsx bench/compare-builds.ts .tmp/before/quire.mjs dist/quire.mjs --scenario domain \
//     --postgres postgres://postgres@127.0.0.1:5432/test
//
// Scenarios: get (GET /v0/persons/{id}), post (POST /v0/account_logs over 100 accounts by id),
// domain (the same by domain over 100 domains), domain1 (all by one domain), page (the demo's hosted
// person page). A build is quire.mjs with the chunks beside it, so copy the whole folder; it must
// sit inside the project (its external packages resolve from node_modules).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres, openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { listPersons } from '../src/features/persons/persons.repository.js';
import { seedDemo } from '../src/seed/demo.js';
import { alternate, type BenchContext, type Request } from './compare.js';
import { databaseCpuReader } from './database-cpu.js';
import { requireWrk } from './load.js';
import { loadAccounts, loadPersons, makeBenchTenant } from './load-data.js';
import { serviceEnv, startQuire } from './processes.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    scenario: { type: 'string', default: 'get' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'string' },
  },
});
const [before, after] = positionals;
if (before === undefined || after === undefined) {
  process.stderr.write(
    'usage: bench/compare-builds.ts dist/before.mjs dist/after.mjs [--scenario get|post|page]\n',
  );
  process.exit(2);
}
requireWrk();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-builds-'));
const dbName = `quire_builds_${Date.now()}`;
const admin = args.postgres === undefined ? null : new pg.Client({ connectionString: args.postgres });
let url: string | null = null;
if (admin !== null) {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(args.postgres!);
  u.pathname = `/${dbName}`;
  url = u.toString();
}
const database = url === null ? openSqlite(path.join(dataDir, 'quire.db')) : openPostgres(url, 4);
await migrateToLatest(database.db);
const tenant = await makeBenchTenant(database.db, 'builds');
await loadPersons(database.db, tenant.tenantId, 10_000, { increment() {} } as never);
const persons = (await listPersons(database.db, tenant.tenantId, null, 1000)).map((p) => p.id);
const accounts = await loadAccounts(database.db, tenant.tenantId, 100);
const demo = await seedDemo(database.db, {
  baseUrl: '',
  secret: 'bench',
  previewTtlSeconds: 60,
  previewMaxTtlSeconds: 60,
});
await database.close();
const databaseCpu = url === null ? null : databaseCpuReader(url);

let n = 0;
const log = (account: Record<string, string>) => ({
  paths: ['/v0/account_logs'],
  method: 'POST' as const,
  headers: { 'x-api-key': tenant.apiKey },
  body: () =>
    JSON.stringify({
      ...account,
      source: 'hubspot',
      type: 'email-opened',
      payload: { text: `Opened the pricing e-mail ${++n}`, campaign: 'q4-launch', score: n % 100 },
    }),
});
const requests: Record<string, () => Request> = {
  get: () => ({ paths: persons.map((id) => `/v0/persons/${id}`), headers: { 'x-api-key': tenant.apiKey } }),
  // loadAccounts names the domains acme-0.example.com ... acme-99.example.com.
  post: () =>
    log({
      get accountId() {
        return accounts[n % accounts.length]!;
      },
    }),
  domain: () =>
    log({
      get domain() {
        return `acme-${n % 100}.example.com`;
      },
    }),
  domain1: () => log({ domain: 'acme-0.example.com' }),
  page: () => ({ paths: [demo.publicUrl!] }),
};
const request = requests[args.scenario]?.();
if (request === undefined) throw new Error(`unknown scenario ${args.scenario}`);

const env = { ...serviceEnv(), ...(url === null ? { DATA_DIR: dataDir } : { DATABASE_URL: url }) };
const servers = [
  await startQuire(env, path.join(dataDir, 'before.log'), undefined, [], before),
  await startQuire(env, path.join(dataDir, 'after.log'), undefined, [], after),
];
try {
  const ctx = {
    rounds: Number(args.rounds),
    seconds: Number(args.seconds),
    ...(databaseCpu === null ? {} : { databaseCpu: databaseCpu.read }),
  } as BenchContext;
  const results = await alternate(
    ctx,
    servers.map((server) => ({ server, request })),
    Number(args.connections),
  );
  for (const [index, build] of [before, after].entries()) {
    const r = results[index]!;
    process.stdout.write(
      `${build}: ${Math.round(r.requestsPerSecond)} req/s, ${r.serverCpuUs.toFixed(1)} µs CPU per request${
        databaseCpu === null ? '' : ` + ${r.databaseCpuUs.toFixed(1)} µs of PostgreSQL`
      }, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, peak RSS ${servers[index]!.peakRssMb()} MB\n`,
    );
  }
  const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
  process.stdout.write(
    `after / before: ${(b.requestsPerSecond / a.requestsPerSecond).toFixed(2)} of the throughput, ${(b.serverCpuUs / a.serverCpuUs).toFixed(2)} of the CPU per request${
      databaseCpu === null ? '' : `, ${(b.databaseCpuUs / a.databaseCpuUs).toFixed(2)} of PostgreSQL's`
    } (medians of ${args.rounds} alternating runs, ${args.connections} connections, ${args.scenario})\n`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await databaseCpu?.close();
  if (admin !== null) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
