import { type Config, debugRequested } from '../config.js';
import { databaseFailureMessage } from '../db/connection-failure.js';
import { ApiError } from '../errors.js';

/**
 * How a command that failed ends: one line on stderr and an exit code, never a stack trace (nor
 * the bundle's source around it) unless QUIRE_DEBUG=1 or LOG_LEVEL=debug asks for one.
 * - Quire's own refusals (an unknown tenant, a bad value): their sentence, exit 1.
 * - A database that cannot be reached, opened or signed in to: what and how to fix it, exit 2,
 *   as for a bad configuration.
 * - Anything else is a bug or an unforeseen failure: its first line, exit 1.
 */
export function exitWithFailure(
  error: unknown,
  config: Pick<Config, 'databaseUrl' | 'dataDir'> | null,
): never {
  if (error instanceof ApiError) {
    process.stderr.write(`quire: ${error.detail}\n`);
    process.exit(1);
  }
  const database = config === null ? null : databaseFailureMessage(error, config);
  if (debugRequested()) process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  if (database !== null) {
    process.stderr.write(`quire: ${database}\n`);
    process.exit(2);
  }
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  const hint = debugRequested() ? '' : ' (QUIRE_DEBUG=1 shows the stack trace)';
  process.stderr.write(`quire: ${message}${hint}\n`);
  process.exit(1);
}
