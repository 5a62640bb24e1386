import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/schema.js';

/** A hash of every row of every table: equal before and after a request that wrote nothing. */
export async function databaseFingerprint(db: Db): Promise<string> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_'))
    .sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.rows.map((r) => JSON.stringify(r)).sort();
    hash.update(`${table}:${lines.join('\n')}`);
  }
  return hash.digest('hex');
}
