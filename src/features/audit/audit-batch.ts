import type { AuditLogTable, Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { insertAuditEntries } from './audit.repository.js';

/** How many entries share one statement at most. */
const MAX_ROWS = 200;

interface Pending {
  row: AuditLogTable;
  settle: (error?: unknown) => void;
}

/**
 * Writes the entries of the write-audit hook together: every entry added before the event loop
 * turns (the responses of one batch of I/O) goes into one multi-row INSERT in one transaction,
 * instead of a transaction per request.
 * Each `add` settles when its entry is committed (or failed), so a request still answers only after
 * its entry is written. Under concurrent /v0 writes this keeps the audit from doubling the commits
 * of the hottest path (docs/console.md, Audit log).
 */
export class AuditBatch {
  #pending: Pending[] = [];
  #scheduled: NodeJS.Immediate | null = null;

  constructor(private readonly db: Db) {}

  add(row: AuditLogTable): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (this.#pending.length >= MAX_ROWS) this.#flush();
      else this.#scheduled ??= setImmediate(() => this.#flush());
    });
  }

  #flush(): void {
    if (this.#scheduled !== null) clearImmediate(this.#scheduled);
    this.#scheduled = null;
    const batch = this.#pending.splice(0);
    writeTransaction(this.db, (tx) =>
      insertAuditEntries(
        tx,
        batch.map((p) => p.row),
      ),
    ).then(
      () => {
        for (const p of batch) p.settle();
      },
      (error: unknown) => {
        for (const p of batch) p.settle(error ?? new Error('audit batch failed'));
      },
    );
  }
}
