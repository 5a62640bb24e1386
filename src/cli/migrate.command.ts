import { Command } from 'commander';
import { migrateToLatest } from '../db/migrate.js';
import { withDatabase } from './context.js';

export function migrateCommand(): Command {
  return new Command('migrate')
    .description('Apply pending database migrations')
    .option('--json', 'print the result as one JSON object: the database and the migrations applied')
    .action(async (options: { json?: boolean }) => {
      await withDatabase(async (database) => {
        const applied = await migrateToLatest(database.db);
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify({ database: database.location, applied })}\n`);
          return;
        }
        process.stdout.write(
          applied.length === 0
            ? `${database.location}: already up to date\n`
            : `${database.location}: applied ${applied.join(', ')}\n`,
        );
      });
    });
}
