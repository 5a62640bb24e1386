import { PostgresAdapter } from 'kysely';
import type { Executor } from './schema.js';

/** The two databases Quire runs on. */
export type Dialect = 'sqlite' | 'postgres';

/** Which database an executor (the database, or a transaction) talks to. */
export function dialectOf(executor: Executor): Dialect {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
