import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DB, Executor } from './schema.js';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database. */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Size of the PostgreSQL pool. */
  poolSize?: number;
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'sqliteSynchronous'>,
  options: DatabaseOptions = {},
): Database {
  if (config.databaseUrl !== null) return openPostgres(config.databaseUrl, options.poolSize ?? 10);
  fs.mkdirSync(config.dataDir, { recursive: true });
  return openSqlite(path.join(config.dataDir, 'quire.db'), config.sqliteSynchronous);
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
export function openSqlite(file: string, synchronous: 'normal' | 'full' = 'normal'): Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
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

export function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh connection.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    close: () => db.destroy(),
  };
}

/** The dialect behind a database handle or a transaction, for the few queries that differ. */
export function dialectOf(executor: Executor): Dialect {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
