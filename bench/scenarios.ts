import { encodeCursor } from '../src/lists/pagination.js';
import { personSortKeyAt } from './bench.repository.js';
import { alternate, p99Rows } from './compare.js';
import {
  type BenchTenant,
  loadAccountLogs,
  loadAccounts,
  loadAssets,
  loadPersons,
  makeBenchTenant,
} from './load-data.js';
import { openLoopLatency } from './open-loop.js';
import type { Scenario } from './scenario.js';
import { importWhileReading } from './scenario-imports.js';
import { getPerson, hostedPage, ingestLogs } from './scenarios-throughput.js';
import { randomSource, vocabulary } from './synthetic-assets.js';

export type { BenchContext } from './compare.js';

const state = new Map<string, BenchTenant & { ids?: string[]; deepPaths?: string[] }>();

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
    const [first, deep] = await alternate(ctx, [
      { server: ctx.quire, request: { paths: ['/v0/persons?limit=20'], headers } },
      { server: ctx.quire, request: { paths: tenant.deepPaths!, headers } },
    ]);
    return p99Rows(ctx, `s4 persons pages (${ctx.sizes.persons})`, first!, deep!, 2, [
      'first page',
      'deep cursors',
    ]);
  },
};

const activity: Scenario = {
  id: 's3',
  title: 'account activity, big vs small account',
  dialects: ['sqlite'],
  async load(ctx) {
    const tenant = await makeBenchTenant(ctx.db, 's3');
    const [small, large] = await loadAccounts(ctx.db, tenant.tenantId, 2);
    const bar = ctx.bars.create(ctx.sizes.logs + ctx.sizes.small, 0, {
      task: `s3 loading logs [${ctx.dialect}]`,
    });
    await loadAccountLogs(ctx.db, tenant.tenantId, small!, ctx.sizes.small, bar);
    await loadAccountLogs(ctx.db, tenant.tenantId, large!, ctx.sizes.logs, bar);
    state.set(`s3-${ctx.dialect}`, { ...tenant, ids: [small!, large!] });
  },
  async run(ctx) {
    const tenant = state.get(`s3-${ctx.dialect}`)!;
    const headers = { 'x-api-key': tenant.apiKey };
    const path = (id: string) => `/v0/accounts/${id}/activity?limit=20`;
    const check = await (await fetch(ctx.quire.base + path(tenant.ids![1]!), { headers })).json();
    if ((check as { totalCount: number }).totalCount !== ctx.sizes.logs)
      throw new Error('s3: totalCount is not exact');
    const [small, large] = await alternate(ctx, [
      { server: ctx.quire, request: { paths: [path(tenant.ids![0]!)], headers } },
      { server: ctx.quire, request: { paths: [path(tenant.ids![1]!)], headers } },
    ]);
    return p99Rows(ctx, 's3 activity?limit=20', small!, large!, 2, [
      `${ctx.sizes.small} logs`,
      `${ctx.sizes.logs} logs`,
    ]);
  },
};

const searchAssets: Scenario = {
  id: 's5',
  title: 'asset search, big vs small tenant',
  dialects: ['sqlite'],
  async load(ctx) {
    const small = await makeBenchTenant(ctx.db, 's5-small');
    const large = await makeBenchTenant(ctx.db, 's5-large');
    const bar = ctx.bars.create(ctx.sizes.assets + ctx.sizes.small, 0, {
      task: `s5 loading assets [${ctx.dialect}]`,
    });
    await loadAssets(ctx.db, small.tenantId, ctx.sizes.small, bar);
    await loadAssets(ctx.db, large.tenantId, ctx.sizes.assets, bar);
    state.set(`s5-small-${ctx.dialect}`, small);
    state.set(`s5-large-${ctx.dialect}`, large);
  },
  async run(ctx) {
    // A mix of one- and two-word queries over the synthetic vocabulary, the last word as a prefix.
    const words = vocabulary(3000);
    const random = randomSource(11);
    const paths = Array.from({ length: 200 }, () => {
      const a = words[100 + Math.floor(random() * 2900)]!;
      const b = words[100 + Math.floor(random() * 2900)]!.slice(0, 4);
      return `/v0/assets/search?limit=20&query=${encodeURIComponent(random() < 0.5 ? a : `${a} ${b}`)}`;
    });
    const side = (tenant: BenchTenant) => ({
      server: ctx.quire,
      request: { paths, headers: { 'x-api-key': tenant.apiKey } },
    });
    const [small, large] = await alternate(ctx, [
      side(state.get(`s5-small-${ctx.dialect}`)!),
      side(state.get(`s5-large-${ctx.dialect}`)!),
    ]);
    return p99Rows(ctx, 's5 assets/search', small!, large!, 3, [
      `${ctx.sizes.small} assets`,
      `${ctx.sizes.assets} assets`,
    ]);
  },
};

export const SCENARIOS: Scenario[] = [
  getPerson,
  ingestLogs,
  hostedPage,
  activity,
  deepCursors,
  searchAssets,
  openLoopLatency,
  importWhileReading,
];
