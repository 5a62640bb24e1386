import { createHash } from 'node:crypto';
import type { QueryResult } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL: the fixed statements of the hottest paths (statement.ts) run on the pool as named
 * prepared statements, outside Kysely. A named statement is parsed once per connection and then
 * only bound and executed: on a short query the server's parse and plan cost as much as running
 * it, and on this kind of machine the database server shares the cores with the service. Like
 * SQLite's synchronous reader (sync-reader.ts) this serves only the database handle itself: a
 * transaction keeps its own connection and goes through Kysely, and with tracing on (a wrapped
 * dialect) there is no prepared pool, so every statement stays a span.
 *
 * A connection pooler in transaction mode must support protocol-level prepared statements
 * (PgBouncer 1.21 and later with max_prepared_statements set); docs/operations.md says so.
 */
export class PreparedPool {
  readonly #names = new Map<string, string>();

  constructor(private readonly pool: pg.Pool) {}

  async run<Row>(text: string, parameters: unknown[]): Promise<QueryResult<Row>> {
    let name = this.#names.get(text);
    if (name === undefined) {
      // The text's digest: the same name for the same text on every connection and process.
      name = `quire_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      this.#names.set(text, name);
    }
    const result = await this.pool.query({ name, text, values: parameters });
    return {
      rows: result.rows as Row[],
      numAffectedRows: result.rowCount === null ? undefined : BigInt(result.rowCount),
    };
  }
}

const pools = new WeakMap<object, PreparedPool>();

export function setPreparedPool(db: object, pool: PreparedPool): void {
  pools.set(db, pool);
}

/** The prepared-statement pool of a PostgreSQL database handle; undefined for a transaction or SQLite. */
export function preparedPoolOf(db: object): PreparedPool | undefined {
  return pools.get(db);
}
