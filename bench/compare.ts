// How the benchmark compares servers: every side of a comparison is measured in alternation, in
// the same run, and compared by medians; each figure comes with the CPU the server and wrk spent
// per request, so a capped denominator or a noisy neighbour is visible.
import type { MultiBar } from 'cli-progress';
import type { Dialect } from '../src/db/database.js';
import type { Db } from '../src/db/schema.js';
import { type LoadOptions, type LoadResult, runLoad } from './load.js';
import type { Running } from './processes.js';
import type { Row } from './report.js';

export interface BenchContext {
  db: Db;
  dialect: Dialect;
  /** `importRows`: the rows of s10's target-list import. */
  sizes: { persons: number; logs: number; assets: number; small: number; importRows: number };
  bars: MultiBar;
  seconds: number;
  /** Connections of every comparison (the goals are at 50). */
  connections: number;
  /** The connection counts the GET comparison with the bare server is also run at. */
  sweep: number[];
  /** How many times each side of a comparison is measured (the median counts). */
  rounds: number;
  /** PostgreSQL: the CPU its backends of the benchmark's database have used so far (µs). */
  databaseCpu?: () => Promise<number>;
  /** The running Quire (set before `run`). */
  quire: Running;
  startBare(body: number | string): Promise<Running>;
  /** The Express 5 peer (bench/peer-express.ts) on the same database. */
  startPeer(): Promise<Running>;
  /** The dependency floor (bench/floor-fastify.ts): SQLite only. */
  startFloor(): Promise<Running>;
  /** A second Quire on the same database, with extra environment variables. */
  startQuire(env: NodeJS.ProcessEnv): Promise<Running>;
  /** SQLite: the service's DATA_DIR, where its files are stored (local storage). */
  dataDir?: string;
}

/** One request mix, without the server it is sent to. */
export type Request = Omit<LoadOptions, 'seconds' | 'connections' | 'base' | 'pid'>;

export interface Side {
  server: Running;
  request: Request;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measureOnce(
  side: Side,
  seconds: number,
  connections: number,
  databaseCpu?: () => Promise<number>,
): Promise<LoadResult> {
  const result = await runLoad({
    ...side.request,
    ...(databaseCpu ? { databaseCpu } : {}),
    base: side.server.base,
    pid: side.server.child.pid,
    seconds,
    connections,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${side.request.paths[0]}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`,
    );
  }
  return result;
}

/**
 * The machines are shared and their speed drifts from second to second, so the sides of a
 * comparison are measured in turn (A B C, A B C, ...), `ctx.rounds` times each after a short
 * warm-up of each, and every figure is the median of its side's rounds.
 */
export async function alternate(
  ctx: BenchContext,
  sides: Side[],
  connections = ctx.connections,
): Promise<LoadResult[]> {
  for (const side of sides) await measureOnce(side, 2, connections);
  const results: LoadResult[][] = sides.map(() => []);
  for (let round = 0; round < ctx.rounds; round++) {
    for (const [index, side] of sides.entries())
      results[index]!.push(await measureOnce(side, ctx.seconds, connections, ctx.databaseCpu));
  }
  return results.map((runs) => ({
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: 0,
    errors: 0,
    bodyBytes: runs[0]!.bodyBytes,
    generatorCpuUs: median(runs.map((r) => r.generatorCpuUs)),
    serverCpuUs: median(runs.map((r) => r.serverCpuUs)),
    databaseCpuUs: median(runs.map((r) => r.databaseCpuUs)),
  }));
}

/** The size in bytes of the answer to a request's first path (sizes the bare server's body). */
export async function bodyBytes(server: Running, request: Request): Promise<number> {
  return (await runLoad({ ...request, base: server.base, seconds: 1, connections: 1 })).bodyBytes;
}

/** A row of figures of `result` (the measured side). */
export function row(
  ctx: BenchContext,
  scenario: string,
  result: LoadResult,
  fields: Pick<Row, 'ratio' | 'goal' | 'met'> & { connections?: number | null; note?: string },
): Row {
  return {
    scenario,
    database: ctx.dialect,
    connections: fields.connections === undefined ? ctx.connections : fields.connections,
    requestsPerSecond: result.requestsPerSecond,
    p50: result.p50,
    p99: result.p99,
    serverCpuUs: result.serverCpuUs,
    generatorCpuUs: result.generatorCpuUs,
    databaseCpuUs: result.databaseCpuUs,
    ratio: fields.ratio,
    goal: fields.goal,
    met: fields.met,
    note: fields.note,
  };
}

/** "0.45 of bare (41,000 req/s, 14 µs)": the ratio and the reference side's own figures. */
export function ratioOf(result: LoadResult, reference: LoadResult, label: string, suffix = 'of'): string {
  const ratio = result.requestsPerSecond / reference.requestsPerSecond;
  const shown = suffix === 'x' ? `${ratio.toFixed(2)}x ${label}` : `${ratio.toFixed(2)} ${suffix} ${label}`;
  return `${shown} (${Math.round(reference.requestsPerSecond)} req/s, ${reference.serverCpuUs.toFixed(0)} µs)`;
}

/** Whether a throughput goal is met: `result` at least `goal` times `reference`. */
export function atLeast(result: LoadResult, reference: LoadResult, goal: number): boolean {
  return result.requestsPerSecond / reference.requestsPerSecond >= goal;
}

/** p99 at the large size against p99 at the small size. */
export function p99Rows(
  ctx: BenchContext,
  scenario: string,
  small: LoadResult,
  large: LoadResult,
  maxRatio: number,
  labels: [string, string],
): Row[] {
  const ratio = large.p99 / Math.max(small.p99, 1);
  return [
    row(ctx, `${scenario}: ${labels[0]}`, small, { ratio: '(baseline)', goal: '-', met: null }),
    row(ctx, `${scenario}: ${labels[1]}`, large, {
      ratio: `p99 ${ratio.toFixed(2)}x of ${labels[0]}`,
      goal: `<= ${maxRatio}x`,
      met: ratio <= maxRatio,
    }),
  ];
}
