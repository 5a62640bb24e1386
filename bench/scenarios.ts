import type { MultiBar } from 'cli-progress';
import type { Dialect } from '../src/db/database.js';
import type { Db } from '../src/db/schema.js';
import { listPersons, personSortKeyAt } from '../src/features/persons/persons.repository.js';
import { encodeCursor } from '../src/http/pagination.js';
import { type LoadOptions, type LoadResult, runLoad } from './load.js';
import { type BenchTenant, loadPersons, makeBenchTenant } from './load-data.js';
import type { Running } from './processes.js';
import type { Row } from './report.js';

export interface BenchContext {
  db: Db;
  dialect: Dialect;
  sizes: { persons: number; logs: number; assets: number; small: number };
  bars: MultiBar;
  seconds: number;
  connections: number;
  /** The running Quire's base URL (set before `run`). */
  base: string;
  startBare(bodySize: number): Promise<Running>;
}

export interface Scenario {
  id: string;
  title: string;
  dialects: Dialect[];
  /** Loads the scenario's data straight into the database, before the service starts. */
  load?(ctx: BenchContext): Promise<void>;
  run(ctx: BenchContext): Promise<Row[]>;
}

/** Warm up for 2 s, then measure. */
async function measure(
  ctx: BenchContext,
  options: Omit<LoadOptions, 'seconds' | 'connections'>,
): Promise<LoadResult> {
  await runLoad({ ...options, seconds: 2, connections: ctx.connections });
  const result = await runLoad({ ...options, seconds: ctx.seconds, connections: ctx.connections });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${options.paths[0]}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`,
    );
  }
  return result;
}

/** Throughput of Quire against the bare server answering a body of the same size. */
async function againstBare(
  ctx: BenchContext,
  scenario: string,
  options: Omit<LoadOptions, 'seconds' | 'connections' | 'base'>,
  goal: number,
): Promise<Row[]> {
  const quire = await measure(ctx, { ...options, base: ctx.base });
  const bare = await ctx.startBare(quire.bodyBytes);
  let physical: LoadResult;
  try {
    physical = await measure(ctx, { paths: ['/'], base: bare.base });
  } finally {
    await bare.stop();
  }
  const ratio = quire.requestsPerSecond / physical.requestsPerSecond;
  return [
    {
      scenario,
      database: ctx.dialect,
      requestsPerSecond: quire.requestsPerSecond,
      p50: quire.p50,
      p99: quire.p99,
      ratio: `${ratio.toFixed(2)} of bare (${Math.round(physical.requestsPerSecond)} req/s, ${quire.bodyBytes} B)`,
      goal: `>= ${goal.toFixed(2)} of bare`,
      met: ratio >= goal,
    },
  ];
}

/** p99 at the large size against p99 at the small size. */
function p99Rows(
  ctx: BenchContext,
  scenario: string,
  small: LoadResult,
  large: LoadResult,
  maxRatio: number,
  labels: [string, string],
): Row[] {
  const ratio = large.p99 / Math.max(small.p99, 1);
  return [
    {
      scenario: `${scenario}: ${labels[0]}`,
      database: ctx.dialect,
      requestsPerSecond: small.requestsPerSecond,
      p50: small.p50,
      p99: small.p99,
      ratio: '(baseline)',
      goal: '-',
      met: null,
    },
    {
      scenario: `${scenario}: ${labels[1]}`,
      database: ctx.dialect,
      requestsPerSecond: large.requestsPerSecond,
      p50: large.p50,
      p99: large.p99,
      ratio: `p99 ${ratio.toFixed(2)}x of ${labels[0]}`,
      goal: `<= ${maxRatio}x`,
      met: ratio <= maxRatio,
    },
  ];
}

const state = new Map<string, BenchTenant & { ids?: string[]; deepPaths?: string[] }>();

const getPerson: Scenario = {
  id: 's1',
  title: 'GET /v0/persons/{id}',
  dialects: ['sqlite', 'postgres'],
  async load(ctx) {
    const tenant = await makeBenchTenant(ctx.db, 's1');
    const count = Math.min(ctx.sizes.persons, 10_000);
    const bar = ctx.bars.create(count, 0, { task: `s1 loading ${count} persons [${ctx.dialect}]` });
    await loadPersons(ctx.db, tenant.tenantId, count, bar);
    const ids = (await listPersons(ctx.db, tenant.tenantId, null, 1000)).map((p) => p.id);
    state.set(`s1-${ctx.dialect}`, { ...tenant, ids });
  },
  async run(ctx) {
    const tenant = state.get(`s1-${ctx.dialect}`)!;
    return againstBare(
      ctx,
      's1 GET /v0/persons/{id}',
      { paths: tenant.ids!.map((id) => `/v0/persons/${id}`), headers: { 'x-api-key': tenant.apiKey } },
      0.5,
    );
  },
};

const deepCursors: Scenario = {
  id: 's4',
  title: 'deep cursors over persons',
  dialects: ['sqlite'],
  async load(ctx) {
    const tenant = await makeBenchTenant(ctx.db, 's4');
    const bar = ctx.bars.create(ctx.sizes.persons, 0, {
      task: `s4 loading ${ctx.sizes.persons} persons [${ctx.dialect}]`,
    });
    await loadPersons(ctx.db, tenant.tenantId, ctx.sizes.persons, bar);
    // Cursors as a client following nextCursor would hold them, from the middle to the very end.
    const deepPaths: string[] = [];
    for (let i = 0; i < 50; i++) {
      const offset = Math.floor(ctx.sizes.persons * (0.5 + (0.49 * i) / 50));
      const key = await personSortKeyAt(ctx.db, tenant.tenantId, offset);
      deepPaths.push(`/v0/persons?limit=20&cursor=${encodeCursor([key!.created_at, key!.id], {})}`);
    }
    state.set(`s4-${ctx.dialect}`, { ...tenant, deepPaths });
  },
  async run(ctx) {
    const tenant = state.get(`s4-${ctx.dialect}`)!;
    const headers = { 'x-api-key': tenant.apiKey };
    const first = await measure(ctx, { base: ctx.base, paths: ['/v0/persons?limit=20'], headers });
    const deep = await measure(ctx, { base: ctx.base, paths: tenant.deepPaths!, headers });
    return p99Rows(ctx, `s4 persons pages (${ctx.sizes.persons})`, first, deep, 2, [
      'first page',
      'deep cursors',
    ]);
  },
};

export const SCENARIOS: Scenario[] = [getPerson, deepCursors];
