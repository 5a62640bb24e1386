import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { distributeOnCitus } from './distribution/distribute.js';
import { migrations } from './migrations/index.js';

/** Applies every pending migration. Safe to run from several processes at once (Kysely locks). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String((result.error as Error).message ?? result.error)}`,
      { cause: result.error },
    );
  }
  // On Citus, every table (a new one too) is then placed: distributed or a reference table.
  await distributeOnCitus(db);
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
