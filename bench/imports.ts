// Target-list imports (issue 34), run by hand:
//   node --import tsx bench/imports.ts [--rows 10000] [--postgres URL] [--rows-only] [--workers 2]
// On a fresh database (a SQLite file, or with --postgres a private database created on that server
// and dropped after): applies a CSV of N rows (150 accounts) into a page with the service the API and
// CLI use, while `--workers` in-process version workers (the built-in agent, the default per-tenant
// concurrency and WORKER_BATCH, or as the environment sets them) draft every audience. Prints rows
// per second, drafts per second, the time until the last draft, the CPU time the process used (on
// a shared machine a steadier figure than the wall clock) and the peak RSS. `--rows-only` runs no
// worker: the rows' application alone.
// Another tenant's p99 during an import is not measured here (see docs/imports.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BuiltinAgent } from '../src/agent/builtin-agent.js';
import { loadConfig } from '../src/config.js';
import { openPostgres, openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { presentImport, runImport, startImport } from '../src/features/imports/imports.service.js';
import { createPage } from '../src/features/pages/pages.service.js';
import { createTenant } from '../src/features/tenants/tenants.service.js';
import { DEMO_PAGE } from '../src/seed/pages.js';
import { startWorkers } from '../src/worker/worker-pool.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    postgres: { type: 'string' },
    'rows-only': { type: 'boolean', default: false },
    workers: { type: 'string', default: '2' },
  },
});
const n = Number(values.rows);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-imports-'));
let dropScratch = async () => {};
let database: ReturnType<typeof openSqlite>;
if (values.postgres === undefined) database = openSqlite(path.join(dir, 'quire.db'));
else {
  const name = `quire_bench_imports_${Date.now()}`;
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const scratch = new URL(values.postgres);
  scratch.pathname = `/${name}`;
  database = openPostgres(scratch.toString(), 8);
  dropScratch = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
try {
  await migrateToLatest(database.db);
  const tenant = await createTenant(database.db, 'bench-imports');
  const page = await createPage(database.db, tenant.tenantId, DEMO_PAGE);
  const rows = ['email,name,company,domain,title,industry,tier'];
  for (let i = 0; i < n; i++) {
    const a = i % 150;
    rows.push(
      `p${i}@acct${a}.example,Person ${i},Account ${a},acct${a}.example,Buyer,${['software', 'finance', 'manufacturing'][a % 3]},${(a % 3) + 1}`,
    );
  }
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const config = loadConfig({ ...process.env, DATA_DIR: dir });
  const pool = values['rows-only']
    ? null
    : startWorkers(
        database.db,
        { ...config, workerPollMs: 25 },
        new BuiltinAgent(),
        Number(values.workers),
        undefined,
        tenant.tenantId,
      );
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const job = await startImport(database.db, tenant.tenantId, page.id, {
    bytes: Buffer.from(rows.join('\n')),
    fileName: 'bench.csv',
  });
  const finished = await runImport(database.db, tenant.tenantId, job.id);
  const rowsDone = performance.now();
  if (finished?.status !== 'done' || finished.audiences_created !== n)
    throw new Error(`the import ended ${finished?.status} with ${finished?.audiences_created} audiences`);
  while (pool !== null) {
    const state = await presentImport(
      database.db,
      await database.db.selectFrom('imports').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow(),
    );
    if (state.drafts.queued === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const draftsDone = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  await pool?.stop();
  const s = (ms: number) => Number((ms / 1000).toFixed(1));
  console.log(
    JSON.stringify({
      database: values.postgres === undefined ? 'sqlite' : 'postgres',
      rows: n,
      rowsSeconds: s(rowsDone - started),
      rowsPerSecond: Math.round(n / ((rowsDone - started) / 1000)),
      ...(pool === null
        ? {}
        : {
            lastDraftSeconds: s(draftsDone - started),
            draftsPerSecond: Math.round(n / ((draftsDone - started) / 1000)),
          }),
      cpuSeconds: s((cpu.user + cpu.system) / 1000),
      ...(pool === null ? {} : { workers: Number(values.workers), batch: config.workerBatchSize }),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
    }),
  );
} finally {
  await database.close();
  await dropScratch();
  fs.rmSync(dir, { recursive: true, force: true });
}
