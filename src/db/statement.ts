import { CompiledQuery, type QueryResult } from 'kysely';
import { dialectOf } from './database.js';
import type { Executor } from './schema.js';

/**
 * A fixed SQL statement for the hottest paths (reading a person or an account, ingesting a log,
 * counters), written once and run on either database without Kysely building and compiling a
 * query tree on every call: in the profiles that was 7 % of a GET and a fifth of an ingestion. The
 * SQLite connection reuses its prepared statement by text (database.ts), so these run as prepared
 * statements on both databases. Everything else uses the query builder.
 *
 * The text is written with PostgreSQL's `$1, $2, ...` placeholders, each used once and in order,
 * and in SQL both databases accept (double-quoted identifiers, `on conflict`, `returning`).
 */
export interface Statement<Row> {
  readonly text: string;
  run(db: Executor, parameters: unknown[]): Promise<QueryResult<Row>>;
  /** The first row, or undefined. */
  first(db: Executor, parameters: unknown[]): Promise<Row | undefined>;
  all(db: Executor, parameters: unknown[]): Promise<Row[]>;
}

export function statement<Row = never>(text: string): Statement<Row> {
  const placeholders = [...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
  placeholders.forEach((n, index) => {
    if (n !== index + 1) throw new Error(`statement: $${n} out of order in ${text}`);
  });
  const sqliteText = text.replace(/\$\d+/g, '?');
  const run = (db: Executor, parameters: unknown[]) => {
    if (parameters.length !== placeholders.length)
      throw new Error(`statement: ${parameters.length} parameters for ${placeholders.length} in ${text}`);
    return db.executeQuery<Row>(
      CompiledQuery.raw(dialectOf(db) === 'postgres' ? text : sqliteText, parameters),
    );
  };
  return {
    text,
    run,
    first: async (db, parameters) => (await run(db, parameters)).rows[0],
    all: async (db, parameters) => (await run(db, parameters)).rows,
  };
}
