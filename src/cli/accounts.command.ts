import { Command } from 'commander';
import { RenameAccountBody, toAccount } from '../features/accounts/accounts.schemas.js';
import { deleteAccount } from '../features/accounts/delete-account.service.js';
import { renameAccount } from '../features/accounts/rename-account.service.js';
import { accountIdFor, changeTraits } from '../features/accounts/traits.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { type DeletionOptions, runDeletion } from './confirm-deletion.js';
import { print, withDatabase } from './context.js';
import { traitChange, traitOptions } from './traits-options.js';
import { checkInput } from './validate-input.js';

/** `quire accounts rename` and `traits`: the admin API's PATCH .../accounts/{accountId}(/traits). */
export function accountsCommand(): Command {
  const accounts = new Command('accounts').description('Manage accounts (companies)');
  accounts
    .command('rename <accountId>')
    .description('Rename an account (e.g. one still named after its domain)')
    .requiredOption('--tenant <id or name>', 'the tenant of the account')
    .requiredOption('--name <name>', 'the new name')
    .option('--json', 'print the result as one JSON object')
    .action(async (accountId: string, o) => {
      await withDatabase(async ({ db }) => {
        const { name } = checkInput(RenameAccountBody, { name: o.name });
        const account = await renameAccount(db, await requireTenant(db, o.tenant), accountId, name);
        print(toAccount(account), o.json === true);
      });
    });
  accounts
    .command('delete <accountId>')
    .description('Delete an account with its logs (its persons stay, without an account); asks unless --yes')
    .requiredOption('--tenant <id or name>', 'the tenant of the account')
    .option('--yes', 'delete without asking (scripts)')
    .option('--dry-run', 'print what would be removed, remove nothing')
    .option('--json', 'print the result as one JSON object')
    .action(async (accountId: string, o: DeletionOptions & { tenant: string }) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, o.tenant);
        await runDeletion(
          `the account ${accountId}`,
          () => 'yes',
          (dryRun) => deleteAccount(db, tenantId, accountId, { dryRun }),
          o,
        );
      });
    });
  traitOptions(
    accounts
      .command('traits <domainOrId>')
      .description(
        "Set or remove traits of an account (the admin API's PATCH .../accounts/{accountId}/traits)",
      )
      .requiredOption('--tenant <id or name>', 'the tenant of the account'),
  )
    .option('--json', 'print the result as one JSON object')
    .action(async (domainOrId: string, o) => {
      await withDatabase(async ({ db }) => {
        const change = traitChange(o);
        const tenantId = await requireTenant(db, o.tenant);
        const accountId = await accountIdFor(db, tenantId, domainOrId);
        print(toAccount(await changeTraits(db, 'accounts', tenantId, accountId, change)), o.json === true);
      });
    });
  return accounts;
}
