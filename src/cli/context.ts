import { type Config, ConfigError, type InstanceConfig, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { withInstanceSecrets } from '../db/instance-secrets.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { useFileBase } from '../features/files/file-urls.js';
import { databaseLabel } from './database-label.js';
import { exitWithFailure } from './failure.js';
import { resolvePublicBase } from './public-base.js';

/** Reads the configuration or exits with the list of bad variables. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`quire: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * Runs a CLI action on the configured database (migrated first, so a fresh DATA_DIR works) and
 * turns failures into one line (failure.ts): Quire's refusals exit 1, a database that cannot be
 * reached or opened exits 2. Says on stderr which database it
 * uses, and warns when it had to create it: a typo in DATA_DIR or DATABASE_URL otherwise looks
 * like an empty Quire.
 */
export async function withDatabase<T>(
  action: (database: Database, config: InstanceConfig) => Promise<T>,
): Promise<T> {
  const config = configOrExit();
  // Public URLs: PUBLIC_BASE_URL, else a running server's recorded address, else a guess (said).
  resolvePublicBase(config);
  process.stderr.write(`quire: database ${databaseLabel(config)}\n`);
  let database: Database;
  try {
    database = openDatabase(config, { poolSize: 2 });
  } catch (error) {
    exitWithFailure(error, config);
  }
  let failure: { error: unknown } | null = null;
  let result: T | undefined;
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length === Object.keys(migrations).length) {
      process.stderr.write('quire: warning: this database was empty; created a new Quire database\n');
    }
    // File URLs in answers (assets' downloadUrl, files) as the server gives them.
    useFileBase(config.publicFileBaseUrl, config.publicBaseUrl);
    result = await action(database, await withInstanceSecrets(database.db, config));
  } catch (error) {
    failure = { error };
  }
  // Closed before exiting: process.exit would leave a PostgreSQL connection to time out.
  await database.close().catch(() => {});
  if (failure !== null) exitWithFailure(failure.error, config);
  return result as T;
}

/** Prints a result: JSON with --json, else a readable line per member. */
export function print(value: Record<string, unknown>, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(value)}\n`);
    return;
  }
  for (const [key, member] of Object.entries(value)) {
    process.stdout.write(`${key}: ${typeof member === 'string' ? member : JSON.stringify(member)}\n`);
  }
}
