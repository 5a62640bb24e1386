import { Command } from 'commander';
import { linksOf } from '../domain/public-links.js';
import { print, withDatabase } from './context.js';

export function seedCommand(): Command {
  const seed = new Command('seed').description('Load data');
  seed
    .command('demo')
    .description('Create a new tenant with an API key and demo data; prints the ids to try the API with')
    .option('--json', 'print exactly one JSON object on stdout')
    .action(async (options: { json?: boolean }) => {
      await withDatabase(async ({ db }, config) => {
        // Loaded when the command runs (it brings the page agent and the worker), not at start-up.
        const { seedDemo } = await import('../seed/demo.js');
        const result = await seedDemo(db, linksOf(config));
        print(result, options.json === true);
      });
    });
  return seed;
}
