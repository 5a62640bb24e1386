import { type Config, debugRequested } from '../config.js';
import { databaseFailureMessage } from '../db/connection-failure.js';

/**
 * The one sentence `quire serve` prints when it cannot start (instead of a stack trace): what
 * failed, and what to change. Unknown failures keep their own message, first line only.
 */
export function startupFailureMessage(error: unknown, config: Config): string {
  // Only the listener's own errors are about the port: EACCES on DATA_DIR is the database's.
  const listening = (error as NodeJS.ErrnoException | null)?.syscall === 'listen';
  const code = listening ? (error as NodeJS.ErrnoException).code : undefined;
  const where = `${config.host}:${config.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `Cannot listen on ${where}: the port is already in use (another Quire or program runs there); stop it or set PORT.`;
    case 'EACCES':
      return `Cannot listen on ${where}: permission denied (ports below 1024 need privileges); set PORT.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${where}: ${config.host} is not an address of this machine; set HOST.`;
  }
  const databaseFailure = databaseFailureMessage(error, config);
  if (databaseFailure !== null) return databaseFailure;
  const message = error instanceof Error ? error.message : String(error);
  const hint = debugRequested() ? '' : ' (QUIRE_DEBUG=1 shows the stack trace)';
  return `Quire could not start: ${message.split('\n')[0]}${hint}`;
}

/** 2 for a database that cannot be reached, opened or migrated (as for a bad configuration), else 1. */
export function startupExitCode(error: unknown, config: Config): 1 | 2 {
  return databaseFailureMessage(error, config) === null ? 1 : 2;
}
