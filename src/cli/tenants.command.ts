import { Command } from 'commander';
import { deleteTenant, type TenantDeletion } from '../features/tenants/delete-tenant.service.js';
import {
  addTenantHost,
  createTenant,
  removeTenantHost,
  setTenantHandle,
  tenantsWithKeys,
} from '../features/tenants/tenants.service.js';
import { type DeletionOptions, runDeletion } from './confirm-deletion.js';
import { print, withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';
import { printTable } from './output.js';

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
    .option('--json', 'print the tenants as one JSON array, each with its hosts and keys')
    .action(async (options: { json?: boolean }) => {
      await withDatabase(async ({ db }) => {
        const all = await tenantsWithKeys(db);
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify(all)}\n`);
          return;
        }
        printTable(all, [
          ['name', (t) => t.name],
          ['tenantId', (t) => t.tenantId],
          ['handle', (t) => t.handle],
          ['hosts', (t) => t.hosts.join(' ')],
          [
            'keys',
            (t) =>
              t.keys
                .filter((k) => k.revokedAt === null)
                .map((k) => k.prefix)
                .join(' '),
          ],
          ['createdAt', (t) => t.createdAt],
        ]);
      });
    });
  tenants
    .command('set-handle <tenant> <handle>')
    .description("Set a tenant's handle, its name in public page URLs (/p/<handle>/<page-slug>)")
    .option('--json', 'print the result as one JSON object')
    .action(async (tenant: string, handle: string, options: { json?: boolean }) => {
      await withDatabase(async ({ db }) =>
        print({ ...(await setTenantHandle(db, tenant, handle)) }, options.json === true),
      );
    });
  tenants
    .command('add-host <tenant> <host>')
    .option('--json', 'print the result as one JSON object (it always is)')
    .description("Serve the tenant's pages on its own host name (pages.acme.com/<page-slug>/<route-key>)")
    .action(async (tenant: string, host: string) => {
      await withDatabase(async ({ db }, config) =>
        print({ hosts: (await addTenantHost(db, tenant, host, config.hostedPagesSecret)).hosts }, true),
      );
    });
  tenants
    .command('remove-host <tenant> <host>')
    .option('--json', 'print the result as one JSON object (it always is)')
    .description("Stop serving the tenant's pages on a host name")
    .action(async (tenant: string, host: string) => {
      await withDatabase(async ({ db }, config) =>
        print({ hosts: (await removeTenantHost(db, tenant, host, config.hostedPagesSecret)).hosts }, true),
      );
    });
  tenants
    .command('delete <tenant>')
    .description(
      'Delete a tenant and all its data (README, "What a deletion removes"); asks to type its name unless --yes',
    )
    .option('--yes', 'delete without asking (scripts)')
    .option('--dry-run', 'print what would be removed, remove nothing')
    .option('--json', 'print the result as one JSON object')
    .action(async (tenant: string, options: DeletionOptions) => {
      await withDatabase(async ({ db }) =>
        runDeletion(
          `the tenant "${tenant}"`,
          (preview: TenantDeletion) => preview.name,
          (dryRun) => deleteTenant(db, tenant, { dryRun }),
          options,
        ),
      );
    });
  return tenants;
}
