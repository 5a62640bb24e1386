import { Command } from 'commander';
import { toAccount } from '../features/accounts/accounts.schemas.js';
import { RenameAccountBody, renameAccount } from '../features/accounts/rename-account.admin.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';
import { checkInput } from './validate-input.js';

/** `quire accounts rename`: the admin API's PATCH .../accounts/{accountId}. */
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
  return accounts;
}
