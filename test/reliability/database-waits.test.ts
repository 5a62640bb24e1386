import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { type Database, openPostgres, openSqlite } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createApiKey, createTenant } from '../../src/features/tenants/tenants.service.js';
import { toApiError } from '../../src/http/error-handler.js';
import { DIALECTS, testConfig } from '../harness.js';

/**
 * Waiting for the database is bounded: a lock held outside Quire, a full pool, a slow statement
 * or another process writing to the SQLite file end in 503 with Retry-After, and meanwhile the
 * process keeps answering (/healthz, /readyz, reads).
 */

interface Served {
  app: FastifyInstance;
  database: Database;
  key: string;
}

async function serve(database: Database): Promise<Served> {
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  const tenant = await createTenant(database.db, `waits-${Date.now()}-${Math.random()}`);
  const key = (await createApiKey(database.db, tenant.tenantId)).apiKey;
  return { app, database, key };
}

function postLog({ app, key }: Served, n: number) {
  return app.inject({
    method: 'POST',
    url: '/v0/account_logs',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify({ domain: `waits-${n}.example.com`, source: 'crm', payload: { n } }),
  });
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe('waiting for PostgreSQL is bounded', () => {
  if (!DIALECTS.includes('postgres')) {
    it('needs PostgreSQL', { skip: 'the PostgreSQL suite is not running' }, () => {});
    return;
  }
  const url = process.env.QUIRE_TEST_PG_URL!;
  let served: Served;
  let outside: pg.Client;
  before(async () => {
    served = await serve(
      openPostgres(url, 2, { pgPoolTimeoutMs: 300, pgLockTimeoutMs: 400, pgStatementTimeoutMs: 1_000 }),
    );
    outside = new pg.Client({ connectionString: url });
    await outside.connect();
  });
  after(async () => {
    await outside.end();
    await served.app.close();
    await served.database.close();
  });

  it('answers 503 with Retry-After to writes blocked by a lock held elsewhere, and keeps serving reads and /readyz', {
    timeout: 20_000,
  }, async () => {
    assert.equal((await postLog(served, 0)).statusCode, 201);
    // A DBA session (a migration, VACUUM FULL) holding a lock that every write needs, for longer
    // than any request should wait. Reads are not blocked by it.
    await outside.query('begin');
    await outside.query('lock table "counters" in exclusive mode');
    try {
      const writes = await timed(Promise.all([1, 2, 3, 4, 5, 6].map((n) => postLog(served, n))));
      for (const answer of writes.value) {
        assert.equal(answer.statusCode, 503, answer.body);
        assert.equal(answer.headers['retry-after'], '1');
        assert.equal(answer.json().code, 'service_unavailable');
      }
      // Two connections each wait out the lock timeout, the others the pool timeout: well under
      // the seconds a lock like this is held.
      assert.ok(writes.ms < 2_500, `writes took ${Math.round(writes.ms)} ms`);

      const ready = await timed(served.app.inject({ method: 'GET', url: '/readyz' }));
      assert.equal(ready.value.statusCode, 200);
      assert.ok(ready.ms < 500, `/readyz took ${Math.round(ready.ms)} ms`);
      const read = await served.app.inject({
        method: 'GET',
        url: '/v0/accounts',
        headers: { 'x-api-key': served.key },
      });
      assert.equal(read.statusCode, 200, read.body);
    } finally {
      await outside.query('rollback');
    }
    assert.equal((await postLog(served, 7)).statusCode, 201, 'writes work again once the lock is gone');
  });

  it('ends a statement that runs longer than the statement timeout, as a 503', {
    timeout: 20_000,
  }, async () => {
    const error = await sql`select pg_sleep(3)`.execute(served.database.db).then(
      () => assert.fail('the statement was not cancelled'),
      (caught: unknown) => caught,
    );
    assert.equal((error as { code?: string }).code, '57014');
    const answer = toApiError(error as Error);
    assert.equal(answer.status, 503);
    assert.equal(answer.headers?.['Retry-After'], '1');
  });
});

describe('SQLite written by another process', () => {
  let served: Served;
  let file: string;
  before(async () => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-busy-')), 'quire.db');
    served = await serve(openSqlite(file, 'normal', { sqliteBusyTimeoutMs: 20, sqliteBusyRetryMs: 1_200 }));
  });
  after(async () => {
    await served.app.close();
    await served.database.close();
  });

  /** Another connection (as another process would) holds the write lock for `ms`. */
  function holdWriteLock(ms: number): Promise<void> {
    const other = new SQLite(file);
    other.exec('begin immediate');
    return new Promise((resolve) =>
      setTimeout(() => {
        other.exec('rollback');
        other.close();
        resolve();
      }, ms),
    );
  }

  /** Polls /healthz every 20 ms while `during` runs; returns the slowest answer. */
  async function slowestHealthz(during: Promise<unknown>): Promise<number> {
    let done = false;
    void during.finally(() => {
      done = true;
    });
    let slowest = 0;
    while (!done) {
      const { value, ms } = await timed(served.app.inject({ method: 'GET', url: '/healthz' }));
      assert.equal(value.statusCode, 200);
      slowest = Math.max(slowest, ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return slowest;
  }

  it('waits for a short lock without blocking the process, then writes', { timeout: 20_000 }, async () => {
    const released = holdWriteLock(400);
    const write = postLog(served, 1);
    const slowest = await slowestHealthz(Promise.all([released, write]));
    assert.equal((await write).statusCode, 201, (await write).body);
    assert.ok(slowest < 150, `/healthz took up to ${Math.round(slowest)} ms`);
  });

  it('answers 503 with Retry-After when the lock outlasts the retry budget, and reads go on', {
    timeout: 20_000,
  }, async () => {
    const released = holdWriteLock(2_500);
    const write = timed(postLog(served, 2));
    const read = await timed(
      served.app.inject({ method: 'GET', url: '/v0/accounts', headers: { 'x-api-key': served.key } }),
    );
    assert.equal(read.value.statusCode, 200);
    assert.ok(read.ms < 300, `a read took ${Math.round(read.ms)} ms`);
    const slowest = await slowestHealthz(write);
    const { value: answer, ms } = await write;
    assert.equal(answer.statusCode, 503, answer.body);
    assert.equal(answer.headers['retry-after'], '1');
    assert.ok(ms >= 1_000 && ms < 2_400, `the write gave up after ${Math.round(ms)} ms`);
    assert.ok(slowest < 150, `/healthz took up to ${Math.round(slowest)} ms`);
    await released;
    assert.equal((await postLog(served, 3)).statusCode, 201);
  });
});
