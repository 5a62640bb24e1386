import { Command } from 'commander';
import { reencryptSecrets } from '../secrets/reencrypt.js';
import { withDatabase } from './context.js';

/** `quire secrets reencrypt`: docs/security.md, "Secrets at rest". */
export function secretsCommand(): Command {
  const secrets = new Command('secrets').description(
    'Stored secrets (webhook signing secrets, the instance secrets), encrypted with QUIRE_SECRET_KEYS',
  );
  secrets
    .command('reencrypt')
    .description(
      'Encrypt every stored secret with the current key (the first of QUIRE_SECRET_KEYS): clear-text ones and those of older keys',
    )
    .option('--json', 'print the result as one JSON object')
    .action(async (options: { json?: boolean }) => {
      await withDatabase(async (database) => {
        const result = await reencryptSecrets(database.db);
        process.stdout.write(
          options.json === true
            ? `${JSON.stringify(result)}\n`
            : `re-encrypted with key "${result.key}": ${result.webhookEndpoints} webhook endpoints, ${result.instanceSecrets} instance secrets\n`,
        );
      });
    });
  return secrets;
}
