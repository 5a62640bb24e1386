/**
 * Tenant fairness: how much one tenant's heavy, legal traffic slows another tenant, and how much
 * memory long conversations cost. Runs Quire in this process on a fresh SQLite file (or
 * DATABASE_URL), over real HTTP connections:
 *
 * 1. tenant A has N assets (30,000 by default); tenant B's `GET /v0/persons` is timed alone, then
 *    while A runs 16 concurrent searches for common words without pause;
 * 2. tenant C has a conversation of M messages of 50,000 characters (1,000 by default); 20
 *    concurrent reads of it, whole and with `?limit=20`, while the process's peak RSS is sampled.
 *
 *   node --import tsx scripts/tenant-fairness.ts [--assets 30000] [--messages 1000] [--seconds 10]
 *
 * TENANT_CONCURRENCY in the environment sets the per-tenant limit (8 by default; 0 = off).
 * Client responses are streamed and discarded, so the RSS is the server's.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomSource, syntheticAssets, vocabulary } from '../bench/synthetic-assets.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres, openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { bulkCreateAssets } from '../src/features/assets/assets.service.js';
import { findConversation } from '../src/features/audiences/audiences.repository.js';
import { createAudience } from '../src/features/audiences/audiences.service.js';
import { createPage } from '../src/features/pages/pages.service.js';
import { createApiKey, createTenant } from '../src/features/tenants/tenants.service.js';
import { newId } from '../src/ids.js';
import { DEMO_PAGE } from '../src/seed/pages.js';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '30000' },
    messages: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
  },
});
const url = process.env.DATABASE_URL;
const database = url
  ? openPostgres(url, 10)
  : openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-fairness-')), 'quire.db'));
await migrateToLatest(database.db);
const db = database.db;

async function tenantWithKey(name: string) {
  const tenant = await createTenant(db, `${name}-${Date.now()}`);
  return { ...tenant, key: (await createApiKey(db, tenant.tenantId, 'fairness')).apiKey };
}
const a = await tenantWithKey('searcher');
const b = await tenantWithKey('neighbour');
const c = await tenantWithKey('talker');
const all = syntheticAssets(Number(values.assets), 42);
for (let start = 0; start < all.length; start += 10_000) {
  await bulkCreateAssets(db, a.tenantId, all.slice(start, start + 10_000));
}

const config = {
  ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', WORKERS: '0' }),
  rateLimitPerSecond: 0,
};
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(method: string, target: string, key: string, body?: unknown) {
  return new Promise<{ status: number; ms: number; bytes: number }>((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method,
        path: target,
        agent,
        headers: { 'x-api-key': key, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started, bytes }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
function summary(times: number[]) {
  const sorted = [...times].sort((x, y) => x - y);
  return `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms (${sorted.length} requests)`;
}

async function timeNeighbour(ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const { status, ms: took } = await request('GET', '/v0/persons', b.key);
    if (status !== 200) throw new Error(`neighbour got ${status}`);
    times.push(took);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

console.log(
  `${database.dialect}, ${all.length} assets in tenant A, TENANT_CONCURRENCY=${config.tenantConcurrency}`,
);
console.log(`B alone:                 ${summary(await timeNeighbour(3000))}`);

const words = vocabulary(3000);
const random = randomSource(7);
let searching = true;
const searchStatuses = new Map<number, number>();
const searchTimes: number[] = [];
const searchers = Array.from({ length: 16 }, async () => {
  while (searching) {
    const word = words[Math.floor(random() * 20)]!;
    const { status, ms } = await request('GET', `/v0/assets/search?query=${word}`, a.key);
    searchStatuses.set(status, (searchStatuses.get(status) ?? 0) + 1);
    if (status === 200) searchTimes.push(ms);
    // A client told 429 waits a little, as Retry-After asks (shortened: the test runs 10 s).
    if (status === 429) await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
const underLoad = await timeNeighbour(Number(values.seconds) * 1000);
searching = false;
await Promise.all(searchers);
console.log(`B while A searches:      ${summary(underLoad)}`);
console.log(
  `A's searches:            ${summary(searchTimes)}; statuses ${JSON.stringify(Object.fromEntries(searchStatuses))}`,
);

// Memory: a long conversation read by 20 clients at once. Its messages are written straight into
// the database (sending them would queue a version each).
const page = await createPage(db, c.tenantId, DEMO_PAGE);
const { audience } = await createAudience(db, c.tenantId, page.id, {});
const conversation = (await findConversation(db, c.tenantId, audience.id))!;
const text = 'All work and no play makes a long conversation. '.repeat(1100).slice(0, 50_000);
const rows = Array.from({ length: Number(values.messages) }, (_, i) => ({
  tenant_id: c.tenantId,
  id: newId('message'),
  conversation_id: conversation.id,
  role: 'user' as const,
  content: text,
  timestamp: Date.now() + i,
  has_snapshot: 0,
  reasoning: '',
  is_interrupted: 0,
  client_message_id: `m${i}`,
  fingerprint: null,
  selected_element: null,
  version_id: null,
}));
for (let start = 0; start < rows.length; start += 100) {
  await db
    .insertInto('messages')
    .values(rows.slice(start, start + 100))
    .execute();
}
const conversationUrl = `/v0/pages/${page.id}/audiences/${audience.id}/messages`;
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);
for (const [label, target] of [
  ['whole conversation', conversationUrl],
  ['?limit=20', `${conversationUrl}?limit=20`],
] as const) {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = process.memoryUsage.rss();
  peak = before;
  const results = await Promise.all(Array.from({ length: 20 }, () => request('GET', target, c.key)));
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  const size = Math.max(...results.map((r) => r.bytes));
  console.log(
    `20 concurrent reads, ${label}: response ${(size / 1e6).toFixed(1)} MB, RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
}
clearInterval(sampler);
agent.destroy();
await app.close();
await database.close();
