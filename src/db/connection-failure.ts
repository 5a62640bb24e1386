import path from 'node:path';
import type { Config } from '../config.js';

/**
 * A migration that failed: its name and the database's own message. Kept apart from a database
 * that cannot be reached at all, which fails before any migration runs.
 */
export class MigrationFailure extends Error {
  constructor(
    readonly migrationName: string,
    readonly databaseMessage: string,
    options: { cause: unknown },
  ) {
    super(`Migration ${migrationName} failed: ${databaseMessage}`, options);
    this.name = 'MigrationFailure';
  }
}

type Where = Pick<Config, 'databaseUrl' | 'dataDir'>;

/**
 * One sentence for a database Quire could not open, reach or sign in to, or a migration that
 * failed: which database (host, port and name; never the password), what went wrong and what to
 * change. Null for anything else (a bug keeps its own message). The CLI and `quire serve` print it
 * instead of a stack trace.
 */
export function databaseFailureMessage(error: unknown, config: Where): string | null {
  if (error instanceof MigrationFailure) {
    return `Migration ${error.migrationName} failed on ${describe(config)}: ${error.databaseMessage.split('\n')[0]}. Fix the cause and run \`quire migrate\` again (QUIRE_DEBUG=1 shows the stack trace).`;
  }
  const code = errorCode(error);
  if (code === null) return null;
  if (config.databaseUrl === null) return sqliteFailure(code, config);
  const url = safeUrl(config.databaseUrl);
  if (url === null) return null;
  const host = url.hostname || 'localhost';
  const port = url.port || '5432';
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username);
  const user = decodeURIComponent(url.username) || 'postgres';
  const at = `PostgreSQL at ${host}:${port}`;
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot reach ${at} (database "${name}"): the connection was refused. Start PostgreSQL there, or fix the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot reach ${at} (database "${name}"): the host name ${host} does not resolve. Fix the host in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'timeout':
      return `Cannot reach ${at} (database "${name}"): no answer in time (${code}). Check that PostgreSQL runs there and a firewall lets this machine in, or fix DATABASE_URL.`;
    case '3D000':
      return `The database "${name}" does not exist on ${at}. Create it (createdb -h ${host} -p ${port} -U ${user} ${name}), or fix the database name in DATABASE_URL.`;
    case '28P01':
      return `${at} refused the password of user "${user}" (database "${name}"). Fix the password in DATABASE_URL.`;
    case '28000':
      return `${at} refused user "${user}" for database "${name}": ${firstLine(error)}. Fix the user in DATABASE_URL, or create the role (createuser -h ${host} -p ${port} ${user}).`;
    case '57P03':
      return `${at} is starting up or shutting down (database "${name}"); try again in a moment.`;
    case '53300':
      return `${at} has no free connection (database "${name}"): too many clients. Lower PG_POOL_SIZE or raise PostgreSQL's max_connections.`;
    default:
      return null;
  }
}

function sqliteFailure(code: string, config: Where): string | null {
  const file = path.join(config.dataDir, 'quire.db');
  switch (code) {
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_READONLY':
    case 'SQLITE_PERM':
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
    case 'ENOTDIR':
      return `Cannot open the SQLite database ${file} (${code}). Check DATA_DIR and that this user may write there.`;
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
      return `${file} is not a usable SQLite database (${code}). Check DATA_DIR, or restore it from a backup (docs/operations.md).`;
    default:
      return null;
  }
}

/** The database's or the system's error code, looked for through causes and AggregateErrors. */
function errorCode(error: unknown, depth = 0): string | null {
  if (error === null || typeof error !== 'object' || depth > 5) return null;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  // node-postgres says so only in words when opening a connection takes too long.
  if (
    typeof message === 'string' &&
    /connection timeout|timeout exceeded when trying to connect/i.test(message)
  ) {
    return 'timeout';
  }
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = errorCode(inner, depth + 1);
      if (found !== null) return found;
    }
  }
  return errorCode(cause, depth + 1);
}

function firstLine(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return (current instanceof Error ? current.message : String(current)).split('\n')[0] ?? '';
}

function safeUrl(databaseUrl: string): URL | null {
  try {
    return new URL(databaseUrl);
  } catch {
    return null;
  }
}

/** The database for a sentence: host, port and name, or the SQLite file. Never the password. */
function describe(config: Where): string {
  if (config.databaseUrl === null) return `the SQLite database ${path.join(config.dataDir, 'quire.db')}`;
  const url = safeUrl(config.databaseUrl);
  if (url === null) return 'the PostgreSQL database of DATABASE_URL';
  return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'} (database "${decodeURIComponent(url.pathname.replace(/^\//, ''))}")`;
}
