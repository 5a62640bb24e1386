import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past 1,000 pages, on the
 * writer's connection, so on the event loop: it copies those pages into the database file and
 * syncs it while every request of the process waits. Measured during a 10,000-row import, it was
 * the tail of a COMMIT (p99 10 ms; 5.4 ms with it off; docs/imports.md).
 *
 * A serving process instead turns the writer's automatic checkpoint off and runs PASSIVE
 * checkpoints on a thread with a connection of its own, every CHECKPOINT_EVERY_MS, again at once
 * while the last pass left pages behind (the writer appended meanwhile). PASSIVE waits for no
 * reader and no writer; once every page is copied, the writer's next transaction starts the WAL
 * over. Durability does not change: a commit is acknowledged once it is in the WAL, as before.
 *
 * Under a write load with no pause the thread may never catch up, and the WAL would grow: past
 * BEHIND_PAGES the writer's own automatic checkpoint comes back on until the WAL has started over.
 * It also comes back on for good if the thread stops for any reason.
 */
export class WalCheckpointer {
  readonly #worker: Worker;
  #stopped = false;

  constructor(
    file: string,
    writer: SQLite.Database,
    { everyMs = CHECKPOINT_EVERY_MS, behindPages = BEHIND_PAGES } = {},
  ) {
    const automatic = (on: boolean) => {
      if (writer.open) writer.pragma(`wal_autocheckpoint = ${on ? SQLITE_DEFAULT_AUTOCHECKPOINT : 0}`);
    };
    automatic(false);
    this.#worker = new Worker(CHECKPOINT_LOOP, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file, everyMs, behindPages },
    });
    // The thread must not keep a finished command or test alive.
    this.#worker.unref();
    this.#worker.on('message', (behind: boolean) => {
      if (!this.#stopped) automatic(behind);
    });
    const fallBack = () => {
      if (this.#stopped) return;
      this.#stopped = true;
      automatic(true);
    };
    this.#worker.on('error', fallBack);
    this.#worker.on('exit', fallBack);
  }

  /** Ends the thread (before the writer closes, whose close checkpoints what is left). */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#worker.terminate();
  }
}

/** Four rounds a second: under a steady write load the WAL stays at a few hundred pages. */
export const CHECKPOINT_EVERY_MS = 250;

/** About 40 MB of WAL (4 KB pages): the writer's own checkpoint takes over past it. */
const BEHIND_PAGES = 10_000;

const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

// CommonJS run by the thread (eval: a bundle has no file of its own to give a Worker). The driver
// is resolved by the main thread, so the thread loads the same native module from node_modules.
// A pass answers { busy, log, checkpointed }: pages in the WAL, and of them copied.
const CHECKPOINT_LOOP = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const connection = new SQLite(workerData.file, { fileMustExist: true });
connection.pragma('busy_timeout = 0');
let behind = false;
function pass() {
  try {
    return connection.pragma('wal_checkpoint(PASSIVE)')[0];
  } catch (error) {
    // Another process's checkpoint or a recovery holds a lock: the next round tries again.
    if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') return undefined;
    throw error;
  }
}
setInterval(() => {
  let last = pass();
  for (let again = 0; last !== undefined && last.checkpointed < last.log && again < 8; again++) last = pass();
  const now = last !== undefined && last.log > workerData.behindPages;
  if (now !== behind) parentPort.postMessage((behind = now));
}, workerData.everyMs);
`;
