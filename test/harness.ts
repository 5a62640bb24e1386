import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, DEFAULT_WAITS, loadConfig } from '../src/config.js';
import { type Database, type Dialect, openPostgres, openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { HostProver } from '../src/features/tenants/host-proof.js';
import { OwnPostgresDatabase } from './own-postgres-database.js';

/**
 * Every test runs once per database: SQLite always, PostgreSQL when scripts/run-tests.mjs found
 * one (it sets QUIRE_TEST_PG_URL to a fresh database made for this run). With TEST_CITUS_URL (the
 * opt-in Citus suite) PostgreSQL only: that coordinator.
 */
export const DIALECTS: Dialect[] = process.env.TEST_CITUS_URL
  ? ['postgres']
  : process.env.QUIRE_TEST_PG_URL
    ? ['sqlite', 'postgres']
    : ['sqlite'];

// A token that passes the start-up strength check (config.ts), as `openssl rand -hex 32` would give.
export const ADMIN_TOKEN = '9f3c1e7a5b2d48e0c6a1f7394be2d05c8a7e6f1b3d92c4a07e5b8f2d61c9a3e4';

export interface TestContext {
  readonly dialect: Dialect;
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly config: Config;
  /** On PostgreSQL, the URL of the test's database (QUIRE_TEST_PG_URL, or its own); null on SQLite. */
  readonly postgresUrl: string | null;
  /** app.inject with JSON conveniences: `key` sets x-api-key, `body` is sent as JSON. */
  request(options: TestRequest): Promise<TestResponse>;
}

export interface TestRequest {
  method: InjectOptions['method'];
  url: string;
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
  body: any;
  raw: string;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // The rate limiter runs in every test (its cost and headers are real) with a limit no test
    // reaches; test/http/rate-limit.test.ts sets low limits to test it.
    ...loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_TOKEN,
      WORKERS: '0',
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '100000',
      // Suites send many wrong keys from one address; test/http/unknown-keys.test.ts tests the bound.
      AUTH_FAILURE_BURST: '0',
      // Suites race 50 requests of one tenant; test/http/tenant-concurrency.test.ts tests the bound.
      TENANT_CONCURRENCY: '0',
      TENANT_SEARCH_MS_PER_SECOND: '0',
      // Suites send many forms from one address; src/features/hosted/form-limits.route.test.ts tests the bounds.
      FORM_RATE_LIMIT_PER_ADDRESS: '100000',
      FORM_RATE_LIMIT_PER_FORM: '100000',
    }),
    ...overrides,
  };
}

/**
 * The suite runs two files at a time on two cores, beside browsers and child processes: opening a
 * PostgreSQL connection can take seconds then. The pool's bound is tested where it is the subject
 * (test/reliability/database-waits.test.ts); elsewhere a slow machine must not fail a test.
 */
export const TEST_PG_POOL_TIMEOUT_MS = 30_000;
const TEST_WAITS = { ...DEFAULT_WAITS, pgPoolTimeoutMs: TEST_PG_POOL_TIMEOUT_MS };

export function openTestDatabase(dialect: Dialect, postgresUrl = process.env.QUIRE_TEST_PG_URL!): Database {
  if (dialect === 'postgres') return openPostgres(postgresUrl, 5, TEST_WAITS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-test-'));
  return openSqlite(path.join(dir, 'quire.db'));
}

/** A second connection (pool) to the database of `ctx`, as another process would open it. */
export function openSameDatabase(ctx: TestContext): Database {
  return ctx.dialect === 'postgres'
    ? openPostgres(ctx.postgresUrl!, 2, TEST_WAITS)
    : openSqlite(ctx.database.location);
}

/**
 * Declares `body` once per database, each with its own app. The context's members are filled in
 * `before`, so read them inside tests, not at declaration time.
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: TestContext) => void,
  options: {
    config?: Partial<Config>;
    logger?: { write(line: string): void };
    hostProver?: HostProver;
    /** Only these of the tested databases (a heavy test said why it runs on one). */
    only?: Dialect[];
    /**
     * On PostgreSQL, a database of this describe's own instead of the run's shared one. For tests
     * whose outcome depends on their own worker's settings where any worker may act for every
     * tenant: fan-out stamps a delivery with the WEBHOOK_MAX_ATTEMPTS of whichever pump got to the
     * event first, and the suite runs other files' pumps (default settings) beside this one.
     */
    ownDatabase?: boolean;
  } = {},
): void {
  for (const dialect of DIALECTS.filter((d) => options.only === undefined || options.only.includes(d))) {
    describe(`${name} [${dialect}]`, () => {
      const ctx = new HarnessContext(
        dialect,
        options.config ?? {},
        options.logger ?? false,
        options.hostProver,
        options.ownDatabase === true,
      );
      before(() => ctx.start());
      after(() => ctx.stop());
      body(ctx);
    });
  }
}

class HarnessContext implements TestContext {
  #app: FastifyInstance | undefined;
  #database: Database | undefined;
  #ownDatabase: OwnPostgresDatabase | null = null;
  readonly config: Config;

  constructor(
    readonly dialect: Dialect,
    overrides: Partial<Config>,
    private readonly logger: false | { write(line: string): void },
    private readonly hostProver?: HostProver,
    private readonly wantsOwnDatabase = false,
  ) {
    this.config = testConfig(overrides);
  }

  get postgresUrl(): string | null {
    if (this.dialect !== 'postgres') return null;
    return this.#ownDatabase?.url ?? process.env.QUIRE_TEST_PG_URL!;
  }

  get app(): FastifyInstance {
    if (!this.#app) throw new Error('the test app is not started yet');
    return this.#app;
  }

  get database(): Database {
    if (!this.#database) throw new Error('the test database is not open yet');
    return this.#database;
  }

  async start(): Promise<void> {
    if (this.wantsOwnDatabase && this.dialect === 'postgres')
      this.#ownDatabase = await OwnPostgresDatabase.create(process.env.QUIRE_TEST_PG_URL!);
    this.#database = openTestDatabase(this.dialect, this.postgresUrl ?? undefined);
    await migrateToLatest(this.#database.db);
    this.#app = await buildApp({
      config: this.config,
      database: this.#database,
      logger: this.logger,
      ...(this.hostProver === undefined ? {} : { hostProver: this.hostProver }),
    });
    await this.#app.ready();
  }

  async stop(): Promise<void> {
    await this.#app?.close();
    await this.#database?.close();
    await this.#ownDatabase?.drop();
  }

  async request({ method, url, key, body, headers = {} }: TestRequest): Promise<TestResponse> {
    const response = await this.app.inject({
      method,
      url,
      headers: {
        ...(key === undefined ? {} : { 'x-api-key': key }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const raw = response.body;
    let parsed: unknown = raw;
    if (/json/.test(String(response.headers['content-type'] ?? ''))) parsed = JSON.parse(raw);
    return { status: response.statusCode, headers: response.headers, body: parsed, raw };
  }
}
