/**
 * True when a database error means "the database cannot serve right now" rather than "this query
 * is wrong": disk I/O errors, a full disk, a locked file, a lost or refused PostgreSQL connection,
 * a server shutting down, a lock or statement timeout, a deadlock that outlived its retries. Such
 * failures answer 503 (retry later), never 500, and nothing is acknowledged, since the
 * transaction did not commit.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // A wrapped failure (a migration that could not connect: migrate.ts) is judged by its cause.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause !== undefined && cause !== error && isDatabaseUnavailable(cause)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (/^SQLITE_(IOERR|FULL|BUSY|LOCKED|CANTOPEN|READONLY|PROTOCOL|NOLFS)/.test(code)) return true;
    // PostgreSQL SQLSTATE classes 08 (connection), 53 (insufficient resources), 57P (operator
    // intervention: shutdown, cannot connect now), 58 (system error: I/O); 55P03 lock_timeout,
    // 57014 statement_timeout, 40001/40P01 serialisation failure and deadlock (retried first,
    // write-transaction.ts); and Node socket errors.
    if (/^(08|53|57P|58)/.test(code)) return true;
    if (['55P03', '57014', '40001', '40P01'].includes(code)) return true;
    if (NODE_SOCKET_ERRORS.includes(code)) return true;
  }
  // node-postgres reports a lost connection, a client it can no longer use and a pool that has no
  // connection to give in time by message only.
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && PG_MESSAGES.test(message);
}

const NODE_SOCKET_ERRORS = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'];

const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery)/;
