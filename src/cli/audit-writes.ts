import type { Command } from 'commander';
import { openDatabase } from '../db/database.js';
import { writeTransaction } from '../db/write-transaction.js';
import { CLI_ACTOR, CLI_ORIGIN } from '../features/audit/actor.js';
import { recordAudit } from '../features/audit/audit.service.js';
import { findTenantByIdOrName } from '../features/tenants/tenants.repository.js';
import { configOrExit } from './context.js';

/** Commands that change nothing, and groups that audit their own writes (in their transactions). */
const READS = new Set([
  'list',
  'show',
  'export',
  'serve',
  'worker',
  'migrate',
  'mcp',
  'demo',
  'help',
  'eval',
  'results',
]);
const SELF_AUDITED = new Set(['operators', 'audit', 'seed']);
const ID = /^[a-z]+_[a-z0-9]{26}$/;

/**
 * Audits every write made with the CLI (actor `cli`), after the command succeeded: a command that
 * fails exits before this runs, so it records nothing. The action is `cli.<group>.<verb>`, the record
 * the id the command was given (a create names none: the CLI prints the new id), the options given
 * as `after` (secrets removed).
 */
export function auditCliWrites(program: Command): void {
  program.hook('postAction', async (_program, action) => {
    const group = action.parent?.name();
    const verb = action.name().split(' ')[0] as string;
    if (group === undefined || group === 'quire' || SELF_AUDITED.has(group) || READS.has(verb)) return;
    const options = action.opts() as Record<string, unknown>;
    // A dry run (`delete --dry-run`) changes nothing, so there is nothing to audit.
    if (options.dryRun === true) return;
    const { json: _json, ...given } = options;
    const firstArg = action.args[0];
    const database = openDatabase(configOrExit(), { poolSize: 1 });
    try {
      const tenantRef =
        typeof options.tenant === 'string' ? options.tenant : group === 'tenants' ? firstArg : undefined;
      const tenant = tenantRef === undefined ? undefined : await findTenantByIdOrName(database.db, tenantRef);
      await writeTransaction(database.db, (tx) =>
        recordAudit(tx, tenant?.id ?? null, CLI_ACTOR, CLI_ORIGIN, {
          action: `cli.${group}.${verb}`,
          recordType: group.replace(/s$/, ''),
          recordId:
            firstArg !== undefined && ID.test(firstArg)
              ? firstArg
              : group === 'tenants'
                ? (tenant?.id ?? null)
                : null,
          after: { ...given, ...(action.args.length > 0 ? { arguments: action.args } : {}) },
        }),
      );
    } finally {
      await database.close();
    }
  });
}
