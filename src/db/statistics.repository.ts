import { sql } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Executor } from './schema.js';

/**
 * PostgreSQL plans from table statistics, which autovacuum gathers once a table has changed by a
 * tenth, up to a minute later, and never where autovacuum is off. A bulk write runs ahead of them:
 * in s10 (2026-11-29) a job's rows went into tables analysed when its tenant had none there (or
 * never analysed), the planner took the tenant for a row or two, reached the tenant's audiences and
 * versions through indexes led by the tenant alone, once per row of the job, and the job's status
 * read grew from milliseconds to the statement timeout. So the writer gathers them as it goes
 * (`ANALYZE` samples at most 30,000 rows a table, and blocks no read or write). Statistics only
 * steer plans: a failure (a role that does not own the tables is told so by a warning, not an
 * error) is not the writer's. Returns whether the tables were analysed; SQLite plans without
 * statistics, so there it does nothing.
 */
export async function analyzeTables(db: Executor, tables: readonly string[]): Promise<boolean> {
  if (dialectOf(db) !== 'postgres' || tables.length === 0) return false;
  try {
    await sql`analyze ${sql.join(tables.map((table) => sql.id(table)))}`.execute(db);
    return true;
  } catch {
    return false;
  }
}
