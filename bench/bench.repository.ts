/**
 * Statements only the benchmark, the search-latency script and the query-plan test need: bulk
 * inserts, deep cursors and query plans. They stay out of src/ so the service carries no bench code.
 */
import { sql } from 'kysely';
import { dialectOf } from '../src/db/database.js';
import type { Executor, PersonsTable } from '../src/db/schema.js';
import { pageQuery, type SearchOptions } from '../src/features/assets/assets-search.repository.js';

/** Inserts many persons in one statement (bulk loads: the benchmark, large tests). Slugs must be unique. */
export async function insertPersons(db: Executor, rows: PersonsTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('persons').values(rows).execute();
}

/** The sort key of the person at `offset` in list order (benchmarks use it to make deep cursors). */
export async function personSortKeyAt(db: Executor, tenantId: string, offset: number) {
  return db
    .selectFrom('persons')
    .select(['created_at', 'id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirst();
}

/** The plan the database picks for a word search: EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (PostgreSQL). */
export async function explainSearch(db: Executor, tenantId: string, options: SearchOptions): Promise<string> {
  const explain = dialectOf(db) === 'postgres' ? sql.raw('explain') : sql.raw('explain query plan');
  const result = await sql<Record<string, unknown>>`${explain} ${pageQuery(db, tenantId, options)}`.execute(
    db,
  );
  return result.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row))).join('\n');
}
