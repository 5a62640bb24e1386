import { Command } from 'commander';
import { createApiKey, revokeKey } from '../features/tenants/tenants.service.js';
import { print, withDatabase } from './context.js';

export function keysCommand(): Command {
  const keys = new Command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key for a tenant; the key is printed once and never again')
    .requiredOption('--tenant <id or name>', 'the tenant the key belongs to')
    .option('--label <label>', 'a note to tell keys apart')
    .option('--json', 'print the result as one JSON object')
    .action(async (options: { tenant: string; label?: string; json?: boolean }) => {
      await withDatabase(async ({ db }) => {
        const key = await createApiKey(db, options.tenant, options.label ?? null);
        print({ ...key }, options.json === true);
        if (options.json !== true) process.stderr.write('Store the key now: it cannot be shown again.\n');
      });
    });
  keys
    .command('revoke <keyId>')
    .description('Revoke an API key (it stops working within API_KEY_CACHE_TTL_MS)')
    .action(async (keyId: string) => {
      await withDatabase(async ({ db }) => {
        const outcome = await revokeKey(db, keyId);
        process.stdout.write(outcome === 'revoked' ? `revoked ${keyId}\n` : `${keyId} was already revoked\n`);
      });
    });
  return keys;
}
