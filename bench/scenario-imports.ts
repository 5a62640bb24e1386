import { randomBytes } from 'node:crypto';
import { createPage } from '../src/features/pages/pages.service.js';
import { listPersons } from '../src/features/persons/persons.repository.js';
import { DEMO_PAGE } from '../src/seed/pages.js';
import { type BenchContext, row } from './compare.js';
import { type LoadResult, runLoad } from './load.js';
import { type BenchTenant, loadPersons, makeBenchTenant } from './load-data.js';
import type { Row } from './report.js';
import type { Scenario } from './scenario.js';

/** Connections of the other tenant's reads. */
const READERS = 10;
/**
 * The other tenant reads as two clients, one after the other in each window. Saturating: wrk keeps
 * its connections busy, so the service's loop never idles and the p99 is mostly the queue of ten
 * requests, which stretches with any CPU the import takes from the two cores (the scenario's first
 * measure). Steady: each connection pauses after an answer, for a random time around this mean
 * (about 900 requests a second, a quarter of the loop), so the p99 is what one request waits: the
 * issue's "another tenant's single message".
 */
const STEADY_PAUSE_MS = 10;
const CLIENTS = [
  { name: 'saturating', pauseMs: 0 },
  { name: `steady, pauses of ${STEADY_PAUSE_MS} ms on average`, pauseMs: STEADY_PAUSE_MS },
] as const;
/**
 * Each p99 is read over this long (three of the other scenarios' runs): at 10 connections a 5 s
 * window holds about 100 requests above its p99, and one stall of the machine moved it by 2x
 * between two quiet runs. The quiet one comes after a warm-up, as in the other comparisons: a
 * fresh process's first seconds (compiling, caches filling) are not its quiet figure.
 */
const WINDOW_SECONDS = 15;
const WARM_UP_SECONDS = 2;
/** How often the operator's console reads the job during the measured import. */
const WATCH_MS = 1000;
const GOALS = { lastDraftSeconds: 120, p99Ratio: 2, rssMb: 300 };
/**
 * The import is measured once per BACKGROUND_PRIORITY (docs/operations.md): `nice`, what the
 * default (`auto`) comes to in a CPU group shared with other processes, as the bench's service is,
 * and `idle`, what it comes to in a group of its own with two cores or more (a container).
 */
const PRIORITIES = ['nice', 'idle'] as const;

type Priority = (typeof PRIORITIES)[number];
/** The tenant and page one priority's run imports into. */
type Importer = { tenantId: string; pageId: string };
const state = new Map<
  string,
  { reader: BenchTenant; ids: string[]; importers: Record<Priority, Importer> }
>();

function targetList(n: number): string {
  const rows = ['email,name,company,domain,title,industry,tier'];
  for (let i = 0; i < n; i++) {
    const a = i % 150;
    rows.push(
      `p${i}@acct${a}.example,Person ${i},Account ${a},acct${a}.example,Buyer,${['software', 'finance', 'manufacturing'][a % 3]},${(a % 3) + 1}`,
    );
  }
  return rows.join('\n');
}

/**
 * s10: a target-list import (`--import-rows`, 10,000 by default) (docs/imports.md) into one tenant, through the operator API of
 * a Quire with two in-process workers and the built-in agent (on the server's worker thread on
 * SQLite, WORKERS_THREAD's default; `WORKERS_THREAD=false npm run bench` puts them on the
 * requests' loop), while another tenant reads
 * `GET /v0/persons/{id}`: its p99 during the import against its p99 with nothing else running,
 * the import's rows per second, the time until its last draft and the service's peak RSS. Once
 * per BACKGROUND_PRIORITY, each on a service of its own.
 */
export const importWhileReading: Scenario = {
  id: 's10',
  title: 'target-list import, another tenant reading',
  dialects: ['sqlite', 'postgres'],
  async load(ctx) {
    const reader = await makeBenchTenant(ctx.db, 's10-reader');
    const bar = ctx.bars.create(1000, 0, { task: `s10 loading 1000 persons [${ctx.dialect}]` });
    await loadPersons(ctx.db, reader.tenantId, 1000, bar);
    const ids = (await listPersons(ctx.db, reader.tenantId, null, 1000)).map((p) => p.id);
    // A tenant and page per priority: each run imports the same list afresh.
    const importers = {} as Record<Priority, Importer>;
    for (const priority of PRIORITIES) {
      const importer = await makeBenchTenant(ctx.db, `s10-importer-${priority}`);
      const page = await createPage(ctx.db, importer.tenantId, DEMO_PAGE);
      importers[priority] = { tenantId: importer.tenantId, pageId: page.id };
    }
    state.set(`s10-${ctx.dialect}`, { reader, ids, importers });
  },
  async run(ctx) {
    const rows: Row[] = [];
    for (const priority of PRIORITIES) rows.push(...(await importBeside(ctx, priority)));
    return rows;
  },
};

/** One service (BACKGROUND_PRIORITY=`priority`): the other tenant's reads quiet, then during the import. */
async function importBeside(ctx: BenchContext, priority: Priority): Promise<Row[]> {
  // The import is 10,000 rows (over 150 accounts), each drafted by the built-in agent.
  const rows = ctx.sizes.importRows;
  const s = state.get(`s10-${ctx.dialect}`)!;
  const { tenantId: importer, pageId } = s.importers[priority];
  const token = randomBytes(24).toString('hex');
  const quire = await ctx.startQuire({ WORKERS: '2', ADMIN_TOKEN: token, BACKGROUND_PRIORITY: priority });
  try {
    const read = {
      paths: s.ids.map((id) => `/v0/persons/${id}`),
      headers: { 'x-api-key': s.reader.apiKey },
    };
    const measure = (seconds: number, pauseMs: number) =>
      runLoad({
        ...read,
        base: quire.base,
        pid: quire.child.pid,
        seconds,
        connections: READERS,
        pauseMs,
      });
    const measureEach = async () => {
      const results: LoadResult[] = [];
      for (const client of CLIENTS) results.push(await measure(WINDOW_SECONDS, client.pauseMs));
      return results;
    };
    await measure(WARM_UP_SECONDS, 0);
    const quiet = await measureEach();
    const admin = { authorization: `Bearer ${token}` };
    const started = performance.now();
    const response = await fetch(`${quire.base}/admin/v0/tenants/${importer}/pages/${pageId}/imports`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'text/csv' },
      body: targetList(rows),
    });
    if (response.status !== 201)
      throw new Error(`s10: import answered ${response.status} ${await response.text()}`);
    const { importId } = (await response.json()) as { importId: string };
    // An operator watches the job meanwhile, as the console does (it reads the job on each of the
    // job's events, and every 3 s while drafts are queued): once a second.
    const jobUrl = `${quire.base}/admin/v0/tenants/${importer}/imports/${importId}`;
    const watcher = setInterval(() => {
      fetch(jobUrl, { headers: admin })
        .then((answer) => answer.arrayBuffer())
        .catch(() => {});
    }, WATCH_MS);
    const busy = await measureEach().finally(() => clearInterval(watcher));
    let rowsSeconds = Number.NaN;
    for (;;) {
      const job = (await readJob(jobUrl, admin, started)) as {
        status: string;
        audiencesCreated: number;
        drafts: { queued: number };
      };
      if (job.status !== 'running' && Number.isNaN(rowsSeconds)) {
        rowsSeconds = (performance.now() - started) / 1000;
        if (job.status !== 'done' || job.audiencesCreated !== rows)
          throw new Error(
            `s10: the import ended ${job.status} with ${job.audiencesCreated} audiences: ${JSON.stringify(job)}`,
          );
      }
      if (job.status !== 'running' && job.drafts.queued === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const lastDraft = (performance.now() - started) / 1000;
    const rss = quire.peakRssMb();
    const note = `${rows} rows in ${rowsSeconds.toFixed(1)} s (${Math.round(rows / rowsSeconds)} rows/s), last draft at ${lastDraft.toFixed(1)} s (${Math.round(rows / lastDraft)} drafts/s; goal <= ${GOALS.lastDraftSeconds} s: ${lastDraft <= GOALS.lastDraftSeconds ? 'met' : 'NOT met'}), peak RSS ${rss} MB (goal <= ${GOALS.rssMb} MB: ${rss <= GOALS.rssMb ? 'met' : 'NOT met'})`;
    const title = `s10 GET /v0/persons/{id} of another tenant (BACKGROUND_PRIORITY=${priority})`;
    return CLIENTS.flatMap((client, i) => {
      const ratio = busy[i]!.p99 / Math.max(quiet[i]!.p99, 0.001);
      return [
        row(ctx, `${title}, ${client.name}: quiet`, quiet[i]!, {
          connections: READERS,
          ratio: '(baseline)',
          goal: '-',
          met: null,
        }),
        row(ctx, `${title}, ${client.name}: during a ${rows}-row import`, busy[i]!, {
          connections: READERS,
          ratio: `p99 ${ratio.toFixed(2)}x of quiet`,
          goal: `<= ${GOALS.p99Ratio}x`,
          met: ratio <= GOALS.p99Ratio,
          note,
        }),
      ];
    });
  } finally {
    await quire.stop();
  }
}

/** The job as the operator reads it; a failed read says how long it waited and when. */
async function readJob(url: string, headers: Record<string, string>, started: number): Promise<unknown> {
  const sent = performance.now();
  try {
    return await (await fetch(url, { headers })).json();
  } catch (error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    throw new Error(
      `s10: reading the job failed after ${Math.round(performance.now() - sent)} ms, ${((sent - started) / 1000).toFixed(1)} s into the import: ${String(cause ?? error)}`,
    );
  }
}
