import SQLite from 'better-sqlite3';

/**
 * SQLite: a second, read-only connection to the database file, on which the hottest reads (a
 * person by id, a hosted page) run synchronously with better-sqlite3, without Kysely's
 * asynchronous executor and its connection lock: under the GET benchmark those cost more than the
 * query itself. In WAL mode this connection reads the last committed state and never waits for
 * the writer, so it sees exactly what was acknowledged: a write's group commit (write-transaction.ts)
 * is not visible here before its COMMIT, whereas a read on the writer's own connection in the
 * middle of that transaction would see its uncommitted rows. Statements are prepared once.
 *
 * Only the database handle itself has a reader: a transaction has none, so reads inside one go
 * through it as before. With tracing on (a wrapped dialect) there is none either, so every
 * statement stays a span.
 */
export class SyncReader {
  #connection: SQLite.Database | null = null;
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly file: string,
    private readonly busyTimeoutMs: number,
  ) {}

  /** The first row of `sql` (with `?` placeholders), or undefined. */
  first<Row>(sql: string, parameters: unknown[]): Row | undefined {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.connection().prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement.get(...parameters) as Row | undefined;
  }

  close(): void {
    this.#statements.clear();
    this.#connection?.close();
    this.#connection = null;
  }

  private connection(): SQLite.Database {
    if (this.#connection === null) {
      // Opened on first use, after the writer has created the file and switched it to WAL.
      this.#connection = new SQLite(this.file, { readonly: true, fileMustExist: true });
      this.#connection.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    }
    return this.#connection;
  }
}

const readers = new WeakMap<object, SyncReader>();

export function setSyncReader(db: object, reader: SyncReader): void {
  readers.set(db, reader);
}

/** The synchronous reader of a database handle; undefined for a transaction or PostgreSQL. */
export function syncReaderOf(db: object): SyncReader | undefined {
  return readers.get(db);
}
