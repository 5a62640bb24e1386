import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Dialect as KyselyDialect, PostgresDialect, type SqliteDatabase, sql } from 'kysely';
import pg from 'pg';
import { type Config, type DatabaseWaits, DEFAULT_WAITS } from '../config.js';
import { setSecretKeys } from '../secrets/secret-box.js';
import { ChangeWatch, setChangeWatch } from './change-watch.js';
import type { Dialect } from './dialect.js';
import { PreparedPool, setPreparedPool } from './prepared-pool.js';
import { setSqliteBusyBudget } from './retry.js';
import type { DB } from './schema.js';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';
import { SyncReader, setSyncReader } from './sync-reader.js';
import { setWakeupListener, WakeupListener } from './wakeups.js';
import { WalCheckpointer } from './wal-checkpointer.js';

export { type Dialect, dialectOf } from './dialect.js';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database. */
  location: string;
  /**
   * Resolves when the database answers a trivial query within `timeoutMs`, else rejects. On
   * PostgreSQL it uses a connection of its own, so a pool filled by waiting writes does not make
   * readiness wait with them.
   */
  ping(timeoutMs: number): Promise<void>;
  /** PostgreSQL only: the server pool's connections (for /metrics). */
  poolUsage?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Size of the PostgreSQL pool (PG_POOL_SIZE by default). */
  poolSize?: number;
  /** Wraps Kysely's dialect: tracing (src/tracing) makes every statement a span. */
  wrapDialect?: WrapDialect;
  /**
   * SQLite: checkpoint the WAL on a thread of its own (wal-checkpointer.ts). For processes that
   * serve or work for long; a short command keeps SQLite's own checkpoint and starts no thread.
   */
  checkpointThread?: boolean;
}

export type WrapDialect = (dialect: KyselyDialect, system: 'sqlite' | 'postgresql') => KyselyDialect;

const unwrapped: WrapDialect = (dialect) => dialect;

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'sqliteSynchronous' | 'databaseWaits'> &
    Partial<Pick<Config, 'secretKeys'>>,
  options: DatabaseOptions = {},
): Database {
  const waits = config.databaseWaits;
  // The keys of the stored secrets (src/secrets/secret-box.ts): every entry point opens its database here.
  if (config.secretKeys !== undefined) setSecretKeys(config.secretKeys);
  if (config.databaseUrl !== null) {
    return openPostgres(config.databaseUrl, options.poolSize ?? waits.pgPoolSize, waits, options.wrapDialect);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return openSqlite(
    path.join(config.dataDir, 'quire.db'),
    config.sqliteSynchronous,
    waits,
    options.wrapDialect,
    options.checkpointThread,
  );
}

/**
 * WAL lets readers run beside the one writer. `synchronous`:
 * - `full` (the server's default, SQLITE_SYNCHRONOUS): the WAL is synced before a commit is
 *   acknowledged, so it survives an OS crash or power loss too. One fsync per COMMIT, and concurrent
 *   writes share a COMMIT (write-transaction.ts), so under load it costs about a fifth of the
 *   write throughput.
 * - `normal`: a commit is in the WAL file before it is acknowledged, so it survives a crash of the
 *   process (SIGKILL, OOM, a bug); the WAL is synced at checkpoints, so an OS crash or power loss
 *   may lose the last commits. Tests and bulk loads use it (the default of this function).
 */
export function openSqlite(
  file: string,
  synchronous: 'normal' | 'full' = 'normal',
  waits: Pick<DatabaseWaits, 'sqliteBusyTimeoutMs' | 'sqliteBusyRetryMs'> = DEFAULT_WAITS,
  wrapDialect: WrapDialect = unwrapped,
  checkpointThread = false,
): Database {
  const sqlite = new SQLite(file);
  // Opening may meet another process's lock too; it happens once, before serving.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  // better-sqlite3 waits for a busy lock synchronously, freezing every request of the process:
  // the wait per attempt is short and write-transaction.ts retries asynchronously.
  sqlite.pragma(`busy_timeout = ${waits.sqliteBusyTimeoutMs}`);
  // What the hosted pages' cache watches (change-watch.ts).
  const watch = new ChangeWatch();
  const db = new Kysely<DB>({
    dialect: wrapDialect(new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), 'sqlite'),
    plugins: [watch],
  });
  setChangeWatch(db, watch);
  setSqliteBusyBudget(db, waits.sqliteBusyRetryMs);
  // The hottest reads run synchronously on a reader connection (sync-reader.ts), unless tracing
  // wraps the dialect: then every statement goes through it and is a span.
  const reader = wrapDialect === unwrapped ? new SyncReader(file, waits.sqliteBusyTimeoutMs) : null;
  if (reader !== null) setSyncReader(db, reader);
  const checkpointer = checkpointThread ? new WalCheckpointer(file, sqlite) : null;
  return {
    db,
    dialect: 'sqlite',
    location: file,
    ping: (timeoutMs) => withTimeout(sql`select 1`.execute(db), timeoutMs),
    close: async () => {
      reader?.close();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every query anew; preparing is most of the cost of a simple SQLite query.
 * Statements are reused by their SQL text. Queries are parameterised, so the set of texts is small
 * (a few hundred); the bound only guards against a query whose text grows with its input. A plain
 * Map, not an LRU: it is looked up several times per request and the LRU's bookkeeping showed in
 * the profile; when full, the oldest statement goes.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

const MAX_CACHED_STATEMENTS = 1000;

// BIGINT (int8) holds epoch-millisecond timestamps and counters, all below 2^53: read them as numbers.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openPostgres(
  url: string,
  poolSize: number,
  waits: Pick<DatabaseWaits, 'pgPoolTimeoutMs' | 'pgStatementTimeoutMs' | 'pgLockTimeoutMs'> = DEFAULT_WAITS,
  wrapDialect: WrapDialect = unwrapped,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    // Both waiting for a free pool connection and opening a new one.
    connectionTimeoutMillis: waits.pgPoolTimeoutMs,
    statement_timeout: waits.pgStatementTimeoutMs,
    lock_timeout: waits.pgLockTimeoutMs,
    // A transaction left open (a bug, a paused process) must not hold its locks for ever.
    idle_in_transaction_session_timeout: Math.max(waits.pgStatementTimeoutMs, 60_000),
  });
  ignoreConnectionErrors(pool);
  const watch = new ChangeWatch();
  const db = new Kysely<DB>({
    dialect: wrapDialect(new PostgresDialect({ pool }), 'postgresql'),
    plugins: [watch],
  });
  setChangeWatch(db, watch);
  // The hottest fixed statements run as named prepared statements (prepared-pool.ts).
  if (wrapDialect === unwrapped) setPreparedPool(db, new PreparedPool(pool));
  // Readiness has one connection of its own, and waits for nothing the pool waits for.
  const pingPool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: READY_PING_TIMEOUT_MS,
    statement_timeout: READY_PING_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  ignoreConnectionErrors(pingPool);
  // LISTEN for wake-ups (wakeups.ts) on a connection of its own, opened by the first consumer.
  const listener = new WakeupListener(url);
  setWakeupListener(db, listener);
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    ping: (timeoutMs) => withTimeout(pingPool.query('select 1'), timeoutMs),
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([db.destroy(), pingPool.end(), listener.close()]);
    },
  };
}

const READY_PING_TIMEOUT_MS = 2_000;

/**
 * A connection that is lost (a restarted or failed-over server, pg_terminate_backend, a network
 * cut) emits 'error' on its client, and an unhandled 'error' event ends the process. pg-pool
 * listens only while a client is idle in the pool, so every client gets a listener of its own
 * when it connects. The failure itself reaches whoever is using the client: its query rejects
 * (503, unavailable.ts), the client is not queryable any more and the pool discards it on
 * release, and the next query gets a fresh connection.
 */
function ignoreConnectionErrors(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

function withTimeout(promise: Promise<unknown>, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
