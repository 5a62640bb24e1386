/**
 * True when a database error means "the database cannot serve right now" rather than "this query
 * is wrong": disk I/O errors, a full disk, a locked file, a lost or refused PostgreSQL connection,
 * a server shutting down. Such failures answer 503 (retry later), never 500, and nothing is
 * acknowledged, since the transaction did not commit.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (/^SQLITE_(IOERR|FULL|BUSY|LOCKED|CANTOPEN|READONLY|PROTOCOL|NOLFS)/.test(code)) return true;
  // PostgreSQL SQLSTATE classes 08 (connection), 53 (insufficient resources), 57P (operator
  // intervention: shutdown, cannot connect now), 58 (system error: I/O), and Node socket errors.
  if (/^(08|53|57P|58)/.test(code)) return true;
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code);
}
