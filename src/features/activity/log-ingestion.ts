import { Batcher } from '../../db/batcher.js';
import { dialectOf } from '../../db/database.js';
import type { Db } from '../../db/schema.js';
import { writeStatement, writeTransaction } from '../../db/write-transaction.js';
import { type BatchedAccountLog, insertAccountLogBatch } from './log-ingestion.repository.js';

/**
 * Batched ingestion of account logs (POST /v0/account_logs with an `accountId`, the webhook case).
 * The logs of concurrent requests are written together (src/db/batcher.ts): one multi-row insert,
 * and each account's `latestActivityAt` and live-log counter once per batch instead of once per
 * log (logs.repository.ts insertAccountLogBatch).
 *
 * - SQLite: the batch is one write of a group commit (write-transaction.ts): in its own
 *   savepoint, acknowledged only after the group's COMMIT.
 * - PostgreSQL: the batch is one statement outside any transaction, so concurrent requests for
 *   one account no longer queue on its account and counter rows one log at a time: they share
 *   one statement, and the row locks are held once per batch for as long as it runs.
 *
 * Each log answers whether it was written; one that was not is written again on its own by the
 * caller, which then answers exactly why (404, 400, a replay of its idempotency key).
 */
export function writeBatchedLog(db: Db, log: BatchedAccountLog): Promise<boolean> {
  let batcher = batchers.get(db);
  if (batcher === undefined) {
    batcher = new Batcher((logs) => writeBatch(db, logs), MAX_BATCH);
    batchers.set(db, batcher);
  }
  return batcher.add(log);
}

/** 64 logs x 12 parameters keep SQLite's statement well under its parameter limit. */
const MAX_BATCH = 64;

const batchers = new WeakMap<Db, Batcher<BatchedAccountLog, boolean>>();

async function writeBatch(db: Db, logs: BatchedAccountLog[]): Promise<boolean[]> {
  const written =
    dialectOf(db) === 'postgres'
      ? await writeStatement(db, (pool) => insertAccountLogBatch(pool, logs))
      : await writeTransaction(db, (tx) => insertAccountLogBatch(tx, logs));
  return logs.map((log) => written.has(log.row.id));
}
