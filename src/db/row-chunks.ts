import { dialectOf } from './database.js';
import type { Executor } from './schema.js';

/**
 * The chunks a multi-row insert of `rows` is written in, at most `max` rows each (a power of two).
 *
 * A multi-row statement's text depends on its row count, and the SQLite connection keeps every
 * statement it has prepared, by text (database.ts). Batches of every size from 1 to 64 kept 64
 * prepared inserts of each kind (logs, events, audit entries) alive: about 20 MB of resident
 * memory after a minute of ingestion (docs/performance.md, "Memory"). On SQLite the rows go in
 * chunks whose sizes are powers of two, largest first (37 rows: 32, 4, 1), so at most
 * log2(max) + 1 texts of each kind are ever prepared, for a few more statements per batch, each
 * in the same transaction. PostgreSQL keeps no statement per text: one chunk per `max` rows.
 */
export function rowChunks<Row>(db: Executor, rows: readonly Row[], max: number): Row[][] {
  const chunks: Row[][] = [];
  let start = 0;
  while (start < rows.length) {
    const left = Math.min(rows.length - start, max);
    const size = dialectOf(db) === 'sqlite' ? 2 ** Math.floor(Math.log2(left)) : left;
    chunks.push(rows.slice(start, start + size));
    start += size;
  }
  return chunks;
}
