import { Command } from 'commander';
import { migrateToLatest } from '../db/migrate.js';
import { withDatabase } from './context.js';

export function migrateCommand(): Command {
  return new Command('migrate').description('Apply pending database migrations').action(async () => {
    await withDatabase(async (database) => {
      const applied = await migrateToLatest(database.db);
      process.stdout.write(
        applied.length === 0
          ? `${database.location}: already up to date\n`
          : `${database.location}: applied ${applied.join(', ')}\n`,
      );
    });
  });
}
