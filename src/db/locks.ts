import { sql } from 'kysely';
import { dialectOf } from './database.js';
import type { Executor } from './schema.js';

/**
 * Serialises transactions that work on the same logical key (e.g. allocating a slug) until the
 * transaction ends. PostgreSQL: a transaction-scoped advisory lock. SQLite: nothing to do, since a
 * write transaction (BEGIN IMMEDIATE) already holds the database's single write lock.
 */
export async function lockForTransaction(tx: Executor, key: string): Promise<void> {
  if (dialectOf(tx) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
}
