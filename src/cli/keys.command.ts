import Table from 'cli-table3';
import { Command } from 'commander';
import { isScope, SCOPES, type Scope } from '../domain/scopes.js';
import { ApiError } from '../errors.js';
import {
  createApiKey,
  getKey,
  type KeySummary,
  listKeys,
  revokeKeyById,
  revokeTenantKey,
} from '../features/tenants/tenants.service.js';
import { print, withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function checkScopes(given: string[] | undefined): Scope[] | null {
  if (given === undefined) return null;
  for (const scope of given) {
    if (!isScope(scope)) {
      const detail = `unknown scope "${scope}"; the scopes are ${SCOPES.join(', ')}`;
      throw new ApiError('validation_failed', detail, [
        { parameter: 'scope', detail, code: 'invalid_value' },
      ]);
    }
  }
  return given as Scope[];
}

function keysTable(keys: KeySummary[]): string {
  const table = new Table({
    head: ['keyId', 'prefix', 'label', 'scopes', 'created', 'last used', 'revoked'],
  });
  for (const k of keys) {
    table.push([
      k.keyId,
      k.prefix,
      k.label ?? '',
      k.scopes === null ? 'full access' : k.scopes.join(' '),
      k.createdAt,
      k.lastUsedAt ?? 'never',
      k.revokedAt ?? '',
    ]);
  }
  return `${table.toString()}\n`;
}

export function keysCommand(): Command {
  const keys = new Command('keys').description('Manage API keys').addHelpText(
    'after',
    `
Scopes: ${SCOPES.join(', ')} (any scope of a group includes its :read; pages:write does not include pages:publish). Without --scope a key has full access.

Examples:
  quire keys create --tenant acme --label dashboard --scope pages:read --scope persons:read
  quire keys list --tenant acme
  quire keys show key_01... --tenant acme --json
  quire keys revoke key_01... --tenant acme`,
  );
  idempotencyOption(
    keys
      .command('create')
      .description('Create an API key for a tenant; the key is printed once and never again')
      .requiredOption('--tenant <id or name>', 'the tenant the key belongs to')
      .option('--label <label>', 'a note to tell keys apart')
      .option('--scope <scope>', `limit the key to a scope (repeat for more): ${SCOPES.join(', ')}`, collect)
      .option('--json', 'print the result as one JSON object'),
  ).action(
    async (options: {
      tenant: string;
      label?: string;
      scope?: string[];
      idempotencyKey?: string;
      json?: boolean;
    }) => {
      await withDatabase(async ({ db }) => {
        const scopes = checkScopes(options.scope);
        const label = options.label ?? null;
        const created = await createOnceFromCli(
          db,
          options.idempotencyKey,
          { operation: 'keys create', input: { tenant: options.tenant, label, scopes } },
          async () => ({ ...(await createApiKey(db, options.tenant, label, scopes)) }),
        );
        printCreated(created, options.json === true, print);
        if (created.replayed) {
          process.stderr.write(
            'The key itself is shown only once: revoke this one and create another if it is lost.\n',
          );
        } else if (options.json !== true) {
          process.stderr.write('Store the key now: it cannot be shown again.\n');
        }
      });
    },
  );
  keys
    .command('list')
    .description("List a tenant's keys: prefix, label, scopes, created, last used, revoked")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object ({"items": [...]})')
    .action(async (options: { tenant: string; json?: boolean }) => {
      await withDatabase(async ({ db }) => {
        const items: KeySummary[] = [];
        let cursor: string | undefined;
        do {
          const page = await listKeys(db, options.tenant, { cursor, limit: 100 });
          items.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
        if (options.json === true) process.stdout.write(`${JSON.stringify({ items })}\n`);
        else process.stdout.write(keysTable(items));
      });
    });
  keys
    .command('show <keyId>')
    .description('Show one key (never the key itself)')
    .requiredOption('--tenant <id or name>', 'the tenant the key belongs to')
    .option('--json', 'print the result as one JSON object')
    .action(async (keyId: string, options: { tenant: string; json?: boolean }) => {
      await withDatabase(async ({ db }) =>
        print({ ...(await getKey(db, options.tenant, keyId)) }, options.json === true),
      );
    });
  keys
    .command('revoke <keyId>')
    .description('Revoke an API key (every server process refuses it within API_KEY_REVOCATION_POLL_MS)')
    .option('--tenant <id or name>', 'the tenant the key belongs to (checked when given)')
    .option('--json', 'print the key as it is now, as one JSON object')
    .action(async (keyId: string, options: { tenant?: string; json?: boolean }) => {
      await withDatabase(async ({ db }) => {
        const before = Date.now();
        const key =
          options.tenant === undefined
            ? await revokeKeyById(db, keyId)
            : await revokeTenantKey(db, options.tenant, keyId);
        const already = key.revokedAt !== null && Date.parse(key.revokedAt) < before;
        if (options.json === true) print({ ...key }, true);
        else process.stdout.write(already ? `${keyId} was already revoked\n` : `revoked ${keyId}\n`);
      });
    });
  return keys;
}
