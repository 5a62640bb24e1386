import { CompiledQuery, type Transaction } from 'kysely';
import { telemetry } from '../metrics/telemetry.js';
import { withCountersLast } from './counters.repository.js';
import { dialectOf } from './database.js';
import { isSqliteBusy, isTransactionConflict, retrying, sqliteBusyBudget } from './retry.js';
import type { DB, Db } from './schema.js';

type Work<T> = (tx: Transaction<DB>) => Promise<T>;

/**
 * Runs `work` in a write transaction and settles once it is committed (or rolled back when `work`
 * throws), exactly as `db.transaction().execute(work)` does.
 *
 * On SQLite the writes of concurrent requests share one commit (group commit). SQLite has a single
 * writer, so write transactions ran one after another anyway; what cost most was each one's commit:
 * the write lock taken and released, and every page it touched (the table, each index, the counter
 * row) appended to the WAL again. Writes queued in the same turn of the event loop run one after
 * another inside one transaction, each in its own savepoint, so one that fails is undone alone, and
 * all are acknowledged after the shared COMMIT. Nothing is acknowledged before it is committed; if
 * the COMMIT fails, every write of the group fails with its error (and none of them was written).
 *
 * When another process holds SQLite's write lock, BEGIN IMMEDIATE fails after a short busy
 * timeout (SQLITE_BUSY_TIMEOUT_MS, a synchronous wait) and the group is tried again after an
 * asynchronous pause, for up to SQLITE_BUSY_RETRY_MS; then its writes fail with SQLITE_BUSY (503).
 * Between attempts the connection is free for reads.
 *
 * On PostgreSQL transactions run concurrently on the pool and commit on their own. A transaction
 * chosen as a deadlock victim or failing serialisation is run again, a few times.
 *
 * In both, counter changes are applied last and in one order (counters.repository.ts). Since a
 * write may run more than once, `work` must have no effect outside the database.
 *
 * As with `db.transaction()`, `work` must use `tx` only: on SQLite's single connection a query on
 * `db` inside `work` would wait for the transaction that is waiting for it.
 */
export function writeTransaction<T>(db: Db, work: Work<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    return retrying(
      () => db.transaction().execute((tx) => withCountersLast(tx, () => work(tx))),
      isTransactionConflict,
      PG_CONFLICT_RETRIES,
    );
  }
  let group = groups.get(db);
  if (group === undefined) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group.run(work);
}

/**
 * PostgreSQL: one statement that writes several rows (a data-modifying CTE), run outside any
 * transaction so its row locks last only as long as the statement. PostgreSQL makes a single
 * statement atomic; a deadlock victim is retried like a transaction.
 */
export function writeStatement<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') throw new Error('writeStatement is for PostgreSQL; use writeTransaction');
  return retrying(() => run(db), isTransactionConflict, PG_CONFLICT_RETRIES);
}

const groups = new WeakMap<Db, GroupCommit>();

const PG_CONFLICT_RETRIES = { budgetMs: 2_000, maxAttempts: 5, maxDelayMs: 50 };

/** Bounds how long one group holds the connection (reads wait for it too). */
const MAX_GROUP = 64;

interface Queued {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const SAVEPOINT = CompiledQuery.raw('savepoint quire_write');
const RELEASE = CompiledQuery.raw('release quire_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to quire_write');

class GroupCommit {
  readonly #db: Db;
  #queue: Queued[] = [];
  #flushing = false;

  constructor(db: Db) {
    this.#db = db;
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        // After the current I/O phase, so the requests read in it join the same group.
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const group = this.#queue.splice(0, MAX_GROUP);
    telemetry.groupCommit(group.length);
    await this.#commit(group);
    if (this.#queue.length > 0) setImmediate(() => void this.#flush());
    else this.#flushing = false;
  }

  async #commit(group: Queued[]): Promise<void> {
    let outcomes: Outcome[] = [];
    try {
      await retrying(
        () => {
          outcomes = [];
          return this.#db.transaction().execute(async (tx) => {
            for (const { work } of group) outcomes.push(await runInSavepoint(tx, work));
          });
        },
        isSqliteBusy,
        { budgetMs: sqliteBusyBudget(this.#db) },
      );
    } catch (error) {
      // BEGIN, a rollback to a savepoint or the COMMIT failed: nothing of the group was written.
      // Writes that had failed on their own keep their own error.
      group.forEach((queued, index) => {
        const outcome = outcomes[index];
        queued.reject(outcome !== undefined && !outcome.ok ? outcome.error : error);
      });
      return;
    }
    group.forEach((queued, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) queued.resolve(outcome.value);
      else queued.reject(outcome.error);
    });
  }
}

async function runInSavepoint(tx: Transaction<DB>, work: Work<unknown>): Promise<Outcome> {
  await tx.executeQuery(SAVEPOINT);
  let value: unknown;
  try {
    value = await withCountersLast(tx, () => work(tx));
  } catch (error) {
    try {
      await tx.executeQuery(ROLLBACK_TO);
      await tx.executeQuery(RELEASE);
    } catch {
      // Some failures (a disk I/O error, a full disk) make SQLite roll back the whole transaction,
      // savepoints included: the group fails, with this write's error as the reason.
      throw error;
    }
    return { ok: false, error };
  }
  await tx.executeQuery(RELEASE);
  return { ok: true, value };
}
