import fs from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import type { Db, OperatorRole } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { CLI_ACTOR, CLI_ORIGIN } from '../features/audit/actor.js';
import {
  createOperator,
  getOperator,
  listOperators,
  ROLES,
  resetOperatorPassword,
  setOperatorDisabled,
  setOperatorRole,
  toOperator,
} from '../features/operators/operators.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { withDatabase } from './context.js';
import { type Column, printPage, printRecord } from './output.js';

const CHANGE = { actor: CLI_ACTOR, origin: CLI_ORIGIN };

function parseRole(value: string): OperatorRole {
  if (!(ROLES as readonly string[]).includes(value)) throw new InvalidArgumentError(ROLES.join(', '));
  return value as OperatorRole;
}

interface Scope {
  tenant?: string;
  instanceAdmin?: boolean;
  json?: boolean;
}

/** The tenant an operator command works in: --tenant, or null for --instance-admin (exactly one). */
async function scopeOf(db: Db, options: Scope): Promise<string | null> {
  if ((options.tenant === undefined) === (options.instanceAdmin !== true)) {
    throw new ApiError('validation_failed', 'give either --tenant <id or name> or --instance-admin');
  }
  return options.tenant === undefined ? null : requireTenant(db, options.tenant);
}

function scoped(command: Command): Command {
  return command
    .option('--tenant <id or name>', "the operator's tenant")
    .option('--instance-admin', 'an instance admin (no tenant; reaches every tenant)')
    .option('--json', 'print the result as one JSON object');
}

/** Reads a password piped on stdin (one line; the newline is not part of it). */
function readPasswordFromStdin(): string {
  return fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '');
}

function printWithPassword(result: { operator: object; oneTimePassword: string | null }, json: boolean) {
  printRecord(json ? result : result.operator, json);
  if (!json && result.oneTimePassword !== null) {
    process.stdout.write(
      `One-time password (shown once; it must be changed at first sign-in): ${result.oneTimePassword}\n`,
    );
  }
}

const COLUMNS: Column<ReturnType<typeof toOperator>>[] = [
  ['operatorId', (o) => o.operatorId],
  ['email', (o) => o.email],
  ['role', (o) => (o.instanceAdmin ? 'instance admin' : o.role)],
  ['must change password', (o) => (o.mustChangePassword ? 'yes' : '')],
  ['disabled', (o) => o.disabledAt ?? ''],
  ['created', (o) => o.createdAt],
];

/** `quire operators ...`: console accounts (docs/console.md), the same service as the admin API. */
export function operatorsCommand(): Command {
  const operators = new Command('operators').description('Manage console operators').addHelpText(
    'after',
    `
Roles: ${ROLES.join(' < ')} (each includes the ones before it).

Examples:
  quire operators create --instance-admin --email you@example.com --role admin
  printf '%s\\n' "$PASSWORD" | quire operators create --tenant acme --email ada@acme.com --role editor --password-stdin
  quire operators list --tenant acme
  quire operators set-role operator_01... --tenant acme --role publisher
  quire operators reset-password operator_01... --tenant acme`,
  );
  scoped(
    operators
      .command('create')
      .description('Create an operator; without --password-stdin a one-time password is printed once')
      .requiredOption('--email <email>', 'the email the operator signs in with')
      .option('--role <role>', `one of ${ROLES.join(', ')}`, parseRole)
      .option('--password-stdin', 'read the password from standard input'),
  ).action(async (options: Scope & { email: string; role?: OperatorRole; passwordStdin?: boolean }) => {
    await withDatabase(async ({ db }) => {
      const tenantId = await scopeOf(db, options);
      if (tenantId !== null && options.role === undefined) {
        throw new ApiError('validation_failed', `give --role (${ROLES.join(', ')})`);
      }
      const created = await createOperator(
        db,
        {
          tenantId,
          email: options.email,
          role: options.role ?? 'admin',
          instanceAdmin: tenantId === null,
          ...(options.passwordStdin ? { password: readPasswordFromStdin() } : {}),
        },
        CHANGE,
      );
      printWithPassword(created, options.json === true);
    });
  });
  scoped(
    operators
      .command('list')
      .description("A tenant's operators (or the instance admins), oldest first")
      .option('--limit <n>', 'page size (20 by default, at most 100)', (v) => Number(v))
      .option('--cursor <cursor>', 'the next page, as the previous page said'),
  ).action(async (options: Scope & { limit?: number; cursor?: string }) => {
    await withDatabase(async ({ db }) => {
      const page = await listOperators(db, await scopeOf(db, options), options);
      printPage(page, COLUMNS, options.json === true);
    });
  });
  scoped(operators.command('show').description('One operator').argument('<operatorId>')).action(
    async (operatorId: string, options: Scope) => {
      await withDatabase(async ({ db }) => {
        printRecord(
          toOperator(await getOperator(db, await scopeOf(db, options), operatorId)),
          options.json === true,
        );
      });
    },
  );
  scoped(
    operators
      .command('set-role')
      .description("Change an operator's role")
      .argument('<operatorId>')
      .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`, parseRole),
  ).action(async (operatorId: string, options: Scope & { role: OperatorRole }) => {
    await withDatabase(async ({ db }) => {
      const tenantId = await scopeOf(db, options);
      printRecord(
        await setOperatorRole(db, tenantId, operatorId, options.role, CHANGE),
        options.json === true,
      );
    });
  });
  for (const verb of ['disable', 'enable'] as const) {
    scoped(
      operators
        .command(verb)
        .description(
          verb === 'disable' ? 'Disable an operator (its sessions end at once)' : 'Enable it again',
        )
        .argument('<operatorId>'),
    ).action(async (operatorId: string, options: Scope) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await scopeOf(db, options);
        printRecord(
          await setOperatorDisabled(db, tenantId, operatorId, verb === 'disable', CHANGE),
          options.json === true,
        );
      });
    });
  }
  scoped(
    operators
      .command('reset-password')
      .description('Give an operator a new one-time password (printed once); its sessions end')
      .argument('<operatorId>'),
  ).action(async (operatorId: string, options: Scope) => {
    await withDatabase(async ({ db }) => {
      const tenantId = await scopeOf(db, options);
      printWithPassword(await resetOperatorPassword(db, tenantId, operatorId, CHANGE), options.json === true);
    });
  });
  return operators;
}
