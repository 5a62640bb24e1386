import { Command } from 'commander';
import { createTenant, tenantsWithKeys } from '../features/tenants/tenants.service.js';
import { print, withDatabase } from './context.js';

export function tenantsCommand(): Command {
  const tenants = new Command('tenants').description('Manage tenants');
  tenants
    .command('create <name>')
    .description('Create a tenant (names are unique)')
    .option('--json', 'print the result as one JSON object')
    .action(async (name: string, options: { json?: boolean }) => {
      await withDatabase(async ({ db }) =>
        print({ ...(await createTenant(db, name)) }, options.json === true),
      );
    });
  tenants
    .command('list')
    .description('List tenants and their keys (prefixes only)')
    .action(async () => {
      await withDatabase(async ({ db }) => {
        process.stdout.write(`${JSON.stringify(await tenantsWithKeys(db), null, 2)}\n`);
      });
    });
  return tenants;
}
