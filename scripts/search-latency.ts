/**
 * Asset search benchmark: fills a fresh tenant with N synthetic assets (bulk inserts through the
 * repository), prints the query plan of a word search, then times searches through the HTTP app
 * (app.inject: validation, both queries, serialisation) and prints p50/p99 per kind of query.
 *
 *   node --import tsx scripts/search-latency.ts [--assets 100000] [--searches 300]
 *
 * SQLite (a temporary file) by default; set DATABASE_URL=postgres://... to run on PostgreSQL
 * (use a scratch database: the benchmark's tenants stay in it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { explainSearch } from '../bench/bench.repository.js';
import { randomSource, syntheticAssets, vocabulary } from '../bench/synthetic-assets.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres, openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { bulkCreateAssets } from '../src/features/assets/assets.service.js';
import { searchTerms } from '../src/features/assets/search-text.js';
import { createApiKey, createTenant } from '../src/features/tenants/tenants.service.js';

const { values } = parseArgs({
  options: { assets: { type: 'string', default: '100000' }, searches: { type: 'string', default: '300' } },
});
const assetCount = Number(values.assets);
const searches = Number(values.searches);
const url = process.env.DATABASE_URL;
const database = url
  ? openPostgres(url, 4)
  : openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-')), 'quire.db'));
const db = database.db;
await migrateToLatest(db);

const tenant = await createTenant(db, `bench-${Date.now()}`);
const key = await createApiKey(db, tenant.tenantId, 'bench');
const neighbour = await createTenant(db, `bench-neighbour-${Date.now()}`);
let started = performance.now();
const all = syntheticAssets(assetCount, 42);
for (let start = 0; start < all.length; start += 10_000) {
  await bulkCreateAssets(db, tenant.tenantId, all.slice(start, start + 10_000));
}
// Another tenant's assets share the words: the tenant filter has to do real work.
await bulkCreateAssets(db, neighbour.tenantId, syntheticAssets(Math.ceil(assetCount / 5), 43));
if (database.dialect === 'postgres') await sql`analyze assets`.execute(db);
else await sql`analyze`.execute(db);
console.log(
  `${database.dialect}: inserted ${assetCount} + ${Math.ceil(assetCount / 5)} (other tenant) assets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const words = vocabulary(3000);
const random = randomSource(7);
const pickAny = () => words[Math.floor(words.length * random())]!;
const kinds: Record<string, () => string> = {
  'common word': () => words[Math.floor(random() * 20)]!,
  'two words, last as prefix': () => `${pickAny()} ${pickAny().slice(0, 4)}`,
  'rare word': () => words[2000 + Math.floor(random() * 1000)]!,
  'three words + type filter': () => `${pickAny()} ${pickAny()} ${pickAny()}&assetType=logo`,
  'no query (newest first)': () => '',
};

for (const query of [words[5]!, `${words[300]} ${words[1700]!.slice(0, 4)}`]) {
  const plan = await explainSearch(db, tenant.tenantId, {
    terms: searchTerms(query)!,
    assetType: undefined,
    after: null,
    limit: 21,
  });
  console.log(`\nPlan for query "${query}":\n${plan}`);
}

const app = await buildApp({
  // Every limit off: this script measures the searches, not the refusals.
  config: {
    ...loadConfig({ LOG_LEVEL: 'silent', WORKERS: '0' }),
    rateLimitPerSecond: 0,
    searchMsPerSecond: 0,
  },
  database,
  logger: false,
});
await app.ready();
console.log(`\n${searches} searches per kind, ${database.dialect}, ${assetCount} assets in the tenant:`);
for (const [kind, make] of Object.entries(kinds)) {
  const times: number[] = [];
  let matched = 0;
  for (let i = 0; i < searches; i++) {
    const query = make();
    const target =
      query === '' ? '/v0/assets/search' : `/v0/assets/search?query=${query.replace(/ /g, '%20')}`;
    started = performance.now();
    const response = await app.inject({ method: 'GET', url: target, headers: { 'x-api-key': key.apiKey } });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode} ${response.body}`);
    matched += (response.json() as { totalCount: number }).totalCount;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `  ${kind.padEnd(28)} p50 ${at(0.5).padStart(6)} ms  p99 ${at(0.99).padStart(6)} ms  (mean totalCount ${Math.round(matched / searches)})`,
  );
}
await app.close();
await database.close();
