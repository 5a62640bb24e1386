import type { Db } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import { hasUnsequencedEvents, lockCursor, numberEvents, setCursor } from './outbox.repository.js';

/** Events numbered per transaction at most. */
export const SEQUENCE_BATCH = 500;

/**
 * Gives committed events their place in the stream. Writers cannot: on PostgreSQL transactions
 * commit in another order than they began, so a position taken at insert could appear after a
 * reader had passed it. Here positions are handed out after commit, by one process at a time (a
 * row lock on the cursor), so a reader that has seen position N has seen every position below N:
 * the stream and the fan-out read `position > last seen` and miss nothing.
 *
 * Events of one audience keep their order: they are written under the audience's row lock, so each
 * commits before the next is written. Any process may run this (the workers, the stream's poller);
 * returns how many events it numbered. When another process is numbering, it returns at once,
 * unless `wait`: then it numbers what that one left, after it (a new stream starting "now").
 */
export async function sequenceEvents(db: Db, { wait = false } = {}): Promise<number> {
  if (!(await hasUnsequencedEvents(db))) return 0;
  return writeTransaction(db, async (tx) => {
    const last = await lockCursor(tx, 'sequence', wait);
    if (last === undefined) return 0;
    const numbered = await numberEvents(tx, last, SEQUENCE_BATCH);
    if (numbered > 0) await setCursor(tx, 'sequence', last + numbered);
    return numbered;
  });
}
