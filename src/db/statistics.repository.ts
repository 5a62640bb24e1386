import { sql } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Executor } from './schema.js';

/**
 * PostgreSQL plans from table statistics, which autovacuum gathers only once a table has changed
 * enough, up to a minute later, and never where autovacuum is off. A bulk write into tables that
 * were empty (the first import of an install) leaves the planner blind: in s10 (2026-11-29) it
 * took indexes led by the tenant alone and joined a job's 10,000 rows through scans of all the
 * tenant's audiences and versions, until the job's status read hit the statement timeout. So the
 * writer gathers them itself, once, for those of its tables that have never been analysed: a
 * sample of at most 30,000 rows each, and from then on autovacuum keeps them. Returns the tables
 * analysed. SQLite plans without statistics: nothing to do there.
 */
export async function analyzeNeverAnalyzed(db: Executor, tables: readonly string[]): Promise<string[]> {
  if (dialectOf(db) !== 'postgres' || tables.length === 0) return [];
  const { rows } = await sql<{ relname: string }>`
    select relname from pg_stat_user_tables
    where schemaname = current_schema() and relname in (${sql.join(tables)})
      and last_analyze is null and last_autoanalyze is null
    order by relname`.execute(db);
  const names = rows.map((r) => r.relname);
  if (names.length > 0) await sql`analyze ${sql.join(names.map((name) => sql.id(name)))}`.execute(db);
  return names;
}
