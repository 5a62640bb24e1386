import { CompiledQuery, type QueryResult } from 'kysely';
import { dialectOf } from './database.js';
import { preparedPoolOf } from './prepared-pool.js';
import type { Executor } from './schema.js';
import { syncReaderOf } from './sync-reader.js';

/**
 * A fixed SQL statement for the hottest paths (reading a person or an account, ingesting a log,
 * counters), written once and run on either database without Kysely building and compiling a
 * query tree on every call: in the profiles that was 7 % of a GET and a fifth of an ingestion. The
 * SQLite connection reuses its prepared statement by text (database.ts), and on PostgreSQL they
 * run as named prepared statements outside a transaction (prepared-pool.ts), so these run as
 * prepared statements on both databases. Everything else uses the query builder.
 *
 * The text is written with PostgreSQL's `$1, $2, ...` placeholders, each used once and in order,
 * and in SQL both databases accept (double-quoted identifiers, `on conflict`, `returning`).
 */
export interface Statement<Row> {
  readonly text: string;
  run(db: Executor, parameters: unknown[]): Promise<QueryResult<Row>>;
  /** The first row, or undefined. */
  first(db: Executor, parameters: unknown[]): Promise<Row | undefined>;
  /**
   * The first row, read at once on SQLite's synchronous reader (sync-reader.ts) when `db` has one
   * (the database handle, not a transaction), else as `first`. For the hottest reads only.
   */
  firstNow(db: Executor, parameters: unknown[]): Row | undefined | Promise<Row | undefined>;
  all(db: Executor, parameters: unknown[]): Promise<Row[]>;
}

export function statement<Row = never>(text: string): Statement<Row> {
  const placeholders = [...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
  placeholders.forEach((n, index) => {
    if (n !== index + 1) throw new Error(`statement: $${n} out of order in ${text}`);
  });
  const sqliteText = text.replace(/\$\d+/g, '?');
  const checkCount = (parameters: unknown[]) => {
    if (parameters.length !== placeholders.length)
      throw new Error(`statement: ${parameters.length} parameters for ${placeholders.length} in ${text}`);
  };
  const run = (db: Executor, parameters: unknown[]) => {
    checkCount(parameters);
    // PostgreSQL, outside a transaction: a named prepared statement (prepared-pool.ts).
    const prepared = preparedPoolOf(db);
    if (prepared !== undefined) return prepared.run<Row>(text, parameters);
    return db.executeQuery<Row>(
      CompiledQuery.raw(dialectOf(db) === 'postgres' ? text : sqliteText, parameters),
    );
  };
  const first = async (db: Executor, parameters: unknown[]) => (await run(db, parameters)).rows[0];
  return {
    text,
    run,
    first,
    firstNow: (db, parameters) => {
      const reader = syncReaderOf(db);
      if (reader === undefined) return first(db, parameters);
      checkCount(parameters);
      return reader.first<Row>(sqliteText, parameters);
    },
    all: async (db, parameters) => (await run(db, parameters)).rows,
  };
}
