import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { MigrationFailure } from './connection-failure.js';
import { distributeOnCitus } from './distribution/distribute.js';
import { migrations } from './migrations/index.js';

/** Applies every pending migration. Safe to run from several processes at once (Kysely locks). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    // No migration ran: the database could not be reached or opened. That error says so itself.
    if (failed === undefined) throw result.error;
    const message = String((result.error as Error).message ?? result.error);
    throw new MigrationFailure(failed.migrationName, message, { cause: result.error });
  }
  // On Citus, every table (a new one too) is then placed: distributed or a reference table.
  await distributeOnCitus(db);
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
