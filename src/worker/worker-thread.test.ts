import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { it } from 'node:test';
import { eventually } from '../../test/eventually.js';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { makePage } from '../../test/pages-factories.js';
import {
  applyImportLater,
  getImport,
  handImportsTo,
  presentImport,
  startImport,
} from '../features/imports/imports.service.js';
import { addMetricsSource, sharedMetrics, sharedRegistry } from '../metrics/telemetry.js';
import type { WorkerLogger } from './version-worker.js';
import { WorkerThread } from './worker-thread.js';

const ROWS = 30;

function targetList(n: number): Buffer {
  const lines = ['email,name,company,domain,industry'];
  for (let i = 0; i < n; i++)
    lines.push(`p${i}@acct${i % 4}.example,Person ${i},Account ${i % 4},acct${i % 4}.example,software`);
  return Buffer.from(lines.join('\n'));
}

/** A logger that keeps its records, as the server's would write them. */
function keptLogger() {
  const records: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const keep = (level: string) => (obj: object, msg?: string) =>
    records.push({ level, obj: obj as Record<string, unknown>, ...(msg === undefined ? {} : { msg }) });
  const logger: WorkerLogger = { info: keep('info'), warn: keep('warn'), error: keep('error') };
  return { logger, records };
}

async function drafted(agentRegistry: Awaited<ReturnType<WorkerThread['metrics']>>) {
  const attempts = agentRegistry.find((m) => m.name === 'quire_agent_attempts_total');
  return attempts?.values.find((v) => v.labels.outcome === 'drafted')?.value ?? 0;
}

describeEachDatabase(
  'the workers on a thread of their own (WORKERS_THREAD)',
  (ctx) => {
    it('applies an import the API hands it and drafts every audience there, reports its counters and logs through the server, and stops', async (t) => {
      const tenant = await makeTenant(ctx);
      const page = await makePage(ctx, tenant);
      const { logger, records } = keptLogger();
      // The thread reads its configuration from the environment, as the server's does.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: path.dirname(ctx.database.location),
        WORKER_POLL_MS: '20',
      };
      delete env.DATABASE_URL;
      const thread = new WorkerThread({ count: 2, niceness: 10, idle: false }, logger, env);
      t.after(() => thread.stop());
      const db = ctx.database.db;
      handImportsTo(db, (tenantId, importId) => thread.runImport(tenantId, importId));
      const mainDraftsBefore = await drafted(await sharedRegistry.getMetricsAsJSON());

      const job = await startImport(db, tenant.tenantId, page.id, {
        bytes: targetList(ROWS),
        fileName: 'targets.csv',
      });
      applyImportLater(db, tenant.tenantId, job.id, (error) => assert.fail(String(error)));
      const done = await eventually(
        async () => presentImport(db, await getImport(db, tenant.tenantId, job.id)),
        (state) => state.status !== 'running' && state.drafts.done === ROWS,
        { describe: (state) => JSON.stringify(state), timeoutMs: 30_000 },
      );
      assert.equal(done.status, 'done');
      assert.equal(done.audiencesCreated, ROWS);

      // The drafts were counted on the thread, not on this one, and reach a scrape through metrics().
      assert.equal(await drafted(await sharedRegistry.getMetricsAsJSON()), mainDraftsBefore);
      assert.equal(await drafted(await thread.metrics()), ROWS);
      // A scrape of the server adds them into its own (src/http/metrics.ts).
      addMetricsSource(() => thread.metrics());
      const scraped = await (await sharedMetrics()).getMetricsAsJSON();
      assert.equal(await drafted(scraped), mainDraftsBefore + ROWS);
      const started = records.find((r) => r.msg === 'workers started on their own thread');
      assert.ok(started, JSON.stringify(records.slice(0, 5)));
      assert.equal((started.obj.workers as string[]).length, 2);
      assert.equal(started.obj.niceness, 10, 'the thread runs below the requests');
      assert.ok(
        records.some((r) => r.msg === 'processing version' && typeof r.obj.versionId === 'string'),
        "the thread's records come through the server's logger",
      );

      await thread.stop();
      assert.deepEqual(await thread.metrics(), [], 'a stopped thread answers no scrape');
      assert.equal(
        records.filter((r) => r.level === 'error').length,
        0,
        JSON.stringify(records.filter((r) => r.level === 'error')),
      );
    });

    it("exports its traces (an agent span per draft) to the OTLP endpoint of the server's environment", async (t) => {
      // A collector: the body of every OTLP/HTTP export the thread makes (JSON, the exporter's default).
      const exports: Buffer[] = [];
      const collector = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          if (request.url === '/v1/traces') exports.push(Buffer.concat(chunks));
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      t.after(() => collector.close());
      const tenant = await makeTenant(ctx);
      const page = await makePage(ctx, tenant);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: path.dirname(ctx.database.location),
        WORKER_POLL_MS: '20',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_SERVICE_NAME: 'quire-worker-thread-test',
      };
      delete env.DATABASE_URL;
      const thread = new WorkerThread({ count: 1, niceness: 0, idle: false }, keptLogger().logger, env);
      t.after(() => thread.stop());
      const db = ctx.database.db;
      handImportsTo(db, (tenantId, importId) => thread.runImport(tenantId, importId));
      const job = await startImport(db, tenant.tenantId, page.id, {
        bytes: targetList(3),
        fileName: 'targets.csv',
      });
      applyImportLater(db, tenant.tenantId, job.id, (error) => assert.fail(String(error)));
      await eventually(
        async () => presentImport(db, await getImport(db, tenant.tenantId, job.id)),
        (state) => state.status !== 'running' && state.drafts.done === 3,
        { describe: (state) => JSON.stringify(state), timeoutMs: 30_000 },
      );
      // Stopping the thread flushes its batch of spans.
      await thread.stop();
      const sent = Buffer.concat(exports).toString('utf8');
      assert.ok(exports.length > 0, 'the thread exported spans');
      assert.ok(sent.includes('quire-worker-thread-test'), 'under the service name of the environment');
      assert.equal(sent.split('"name":"agent run"').length - 1, 3, 'one agent span per draft');
    });

    it('a thread that dies is logged and started again a second later, until the server stops it', async () => {
      const { logger, records } = keptLogger();
      // A configuration the thread refuses when it starts: it dies at once, every time.
      const env: NodeJS.ProcessEnv = { ...process.env, WORKER_POLL_MS: 'soon' };
      const thread = new WorkerThread({ count: 1, niceness: 0, idle: false }, logger, env);
      const restarts = () => records.filter((r) => r.msg === 'worker thread stopped; starting it again');
      await eventually(
        async () => restarts().length,
        (n) => n >= 2,
        { describe: (n) => `${n} restarts: ${JSON.stringify(records)}`, timeoutMs: 10_000 },
      );
      const failure = records.find((r) => r.msg === 'worker thread failed');
      assert.match(
        String((failure?.obj.err as Error | undefined)?.message),
        /WORKER_POLL_MS/,
        'the reason is logged',
      );
      await thread.stop();
      const after = restarts().length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.equal(restarts().length, after, 'a stopped thread is not started again');
    });
  },
  // The thread opens the database the way the server does, from DATA_DIR: the test's private
  // SQLite file. On the shared PostgreSQL database its workers would take other files' versions.
  { only: ['sqlite'] },
);
