import type { Transaction } from 'kysely';
import type { DB, Db } from './schema.js';
import { writeTransaction } from './write-transaction.js';

/** Thrown to roll a rehearsed transaction back, carrying what its work answered. */
class Rehearsal<T> extends Error {
  constructor(readonly result: T) {
    super('rehearsal: rolled back on purpose');
  }
}

/**
 * Runs `work` in a write transaction; with `dryRun`, rolls it back once the work is done and
 * answers the same result. A dry run of a deletion therefore counts exactly what the deletion
 * would remove (the same statements ran), and leaves nothing changed.
 */
export async function writeOrRehearse<T>(
  db: Db,
  dryRun: boolean,
  work: (tx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  try {
    return await writeTransaction(db, async (tx) => {
      const result = await work(tx);
      if (dryRun) throw new Rehearsal(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rehearsal) return error.result as T;
    throw error;
  }
}
