import { withoutPassword } from '../banner.js';
import type { Config } from '../config.js';

/**
 * The one sentence `quire serve` prints when it cannot start (instead of a stack trace): what
 * failed, and what to change. Unknown failures keep their own message, first line only.
 */
export function startupFailureMessage(error: unknown, config: Config): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const where = `${config.host}:${config.port}`;
  const database =
    config.databaseUrl === null
      ? `the SQLite database in ${config.dataDir}`
      : withoutPassword(config.databaseUrl);
  switch (code) {
    case 'EADDRINUSE':
      return `Cannot listen on ${where}: the port is already in use (another Quire or program runs there); stop it or set PORT.`;
    case 'EACCES':
      return `Cannot listen on ${where}: permission denied (ports below 1024 need privileges); set PORT.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${where}: ${config.host} is not an address of this machine; set HOST.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
      return `Cannot reach the database ${database} (${code}); check DATABASE_URL and that the server runs.`;
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_READONLY':
    case 'EROFS':
      return `Cannot open ${database} (${code}); check DATA_DIR and its permissions.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Quire could not start: ${message.split('\n')[0]}`;
}
