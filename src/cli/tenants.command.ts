import { Command } from 'commander';
import { createTenant, tenantsWithKeys } from '../features/tenants/tenants.service.js';
import { print, withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';

export function tenantsCommand(): Command {
  const tenants = new Command('tenants').description('Manage tenants');
  idempotencyOption(
    tenants
      .command('create <name>')
      .description('Create a tenant (names are unique)')
      .option('--json', 'print the result as one JSON object'),
  ).action(async (name: string, options: { json?: boolean; idempotencyKey?: string }) => {
    await withDatabase(async ({ db }) => {
      const created = await createOnceFromCli(
        db,
        options.idempotencyKey,
        { operation: 'tenants create', input: { name } },
        async () => ({ ...(await createTenant(db, name)) }),
      );
      printCreated(created, options.json === true, print);
    });
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
