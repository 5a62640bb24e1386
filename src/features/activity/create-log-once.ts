import { type CreateOnceResult, createOnce, type IdempotencyKey } from '../../db/create-once.js';
import type { Db, Executor, LogTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { findLogByKey, type LogRow } from './logs.repository.js';

/** Thrown inside the transaction when the idempotency key is taken, to roll back what it did. */
const KEY_TAKEN = Symbol('idempotency key taken');

/**
 * Runs `write` in a transaction that is rolled back when it returns null (the log's idempotency key
 * is already taken), so a replay or a 422 writes nothing (not even an account). With a key,
 * createOnce turns the taken key into a replay of the first log or a 422 for another body.
 */
export async function createLogOnce(
  db: Db,
  tenantId: string,
  table: LogTable,
  idempotency: IdempotencyKey | null,
  write: (tx: Executor) => Promise<LogRow | null>,
): Promise<CreateOnceResult<LogRow>> {
  return createLogOnceWith(db, tenantId, table, idempotency, () => writeLogInTransaction(db, write));
}

/** Runs `write` in a write transaction, rolled back (and null answered) when it returns null. */
export async function writeLogInTransaction(
  db: Db,
  write: (tx: Executor) => Promise<LogRow | null>,
): Promise<LogRow | null> {
  try {
    return await writeTransaction(db, async (tx) => {
      const row = await write(tx);
      if (row === null) throw KEY_TAKEN;
      return row;
    });
  } catch (error) {
    if (error === KEY_TAKEN) return null;
    throw error;
  }
}

/**
 * The same replay rules around a `create` that writes atomically on its own (one statement), and
 * returns null when the key is taken without having written anything.
 */
export function createLogOnceWith(
  db: Db,
  tenantId: string,
  table: LogTable,
  idempotency: IdempotencyKey | null,
  create: () => Promise<LogRow | null>,
): Promise<CreateOnceResult<LogRow>> {
  return createOnce({
    idempotency,
    create,
    keyField: 'idempotencyKey',
    findExisting: async (key) => {
      const existing = await findLogByKey(db, tenantId, table, key);
      return existing && { record: existing, fingerprint: existing.request_fingerprint ?? '' };
    },
  });
}
