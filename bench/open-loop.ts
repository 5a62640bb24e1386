// The open-loop row (s9): requests at a fixed rate below saturation, so p50 and p99 are the
// service's latency rather than time spent queueing behind a closed loop's own backlog (wrk keeps
// every connection busy; its p99 at saturation is mostly queueing: see docs/performance.md).
// autocannon in rate mode (--overallRate), in its own process so it does not share the
// benchmark's event loop; its latencies are measured from each request's send.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { listPersons } from '../src/features/persons/persons.repository.js';
import { type BenchContext, row } from './compare.js';
import { loadAccounts, loadPersons, makeBenchTenant } from './load-data.js';
import type { Row } from './report.js';
import type { Scenario } from './scenario.js';

/** Requests per second: a fraction of what the slowest measured row (POST by domain) sustains. */
const RATE = 1000;
const SECONDS = 10;

const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const state = new Map<string, { apiKey: string; person: string }>();

interface OpenLoopResult {
  requests: number;
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function openLoop(
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<OpenLoopResult> {
  const args = [autocannon, '--json', '-c', '50', '-d', String(SECONDS), '-R', String(RATE)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body !== undefined) args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', body);
  const { stdout } = await promisify(execFile)(process.execPath, [...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
  return {
    requests: result.requests.total,
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const openLoopLatency: Scenario = {
  id: 's9',
  title: 'open loop: latency at a fixed rate',
  dialects: ['sqlite', 'postgres'],
  async load(ctx) {
    const tenant = await makeBenchTenant(ctx.db, 's9');
    await loadPersons(ctx.db, tenant.tenantId, 1000, { increment() {} } as never);
    await loadAccounts(ctx.db, tenant.tenantId, 1);
    const [person] = await listPersons(ctx.db, tenant.tenantId, null, 1);
    state.set(ctx.dialect, { apiKey: tenant.apiKey, person: person!.id });
  },
  async run(ctx: BenchContext): Promise<Row[]> {
    const { apiKey, person } = state.get(ctx.dialect)!;
    const headers = { 'x-api-key': apiKey };
    const get = await openLoop(`${ctx.quire.base}/v0/persons/${person}`, headers);
    const post = await openLoop(
      `${ctx.quire.base}/v0/account_logs`,
      headers,
      JSON.stringify({ domain: 'acme-0.example.com', source: 'hubspot', type: 'email-opened', payload: {} }),
    );
    const measured: [string, OpenLoopResult][] = [
      ['s9 GET /v0/persons/{id}, open loop', get],
      ['s9 POST /v0/account_logs by domain, open loop', post],
    ];
    return measured.map(([title, result]) => {
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
      const figures = {
        requestsPerSecond: result.rate,
        p50: result.p50,
        p99: result.p99,
        non2xx: 0,
        errors: 0,
        bodyBytes: 0,
        generatorCpuUs: Number.NaN,
        serverCpuUs: Number.NaN,
        databaseCpuUs: Number.NaN,
      };
      return row(ctx, `${title} at ${RATE} req/s`, figures, {
        ratio: `${result.requests} requests in ${SECONDS} s`,
        goal: '-',
        met: null,
      });
    });
  },
};
