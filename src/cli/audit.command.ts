import { Command } from 'commander';
import { ApiError } from '../errors.js';
import { listAudit, type toAuditEntry } from '../features/audit/audit.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { withDatabase } from './context.js';
import { type Column, printPage } from './output.js';

const COLUMNS: Column<ReturnType<typeof toAuditEntry>>[] = [
  ['when', (e) => e.createdAt],
  ['actor', (e) => e.actor.label],
  ['action', (e) => e.action],
  ['record', (e) => e.recordId ?? ''],
  ['from', (e) => e.ip ?? ''],
];

function timestamp(value: string, name: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) {
    const detail = `--${name} must be a timestamp such as 2026-11-21T10:00:00Z`;
    throw new ApiError('validation_failed', detail, [{ parameter: name, detail, code: 'invalid_format' }]);
  }
  return ms;
}

/** `quire audit list`: the same audit log as GET /admin/v0/tenants/{tenant}/audit. */
export function auditCommand(): Command {
  const audit = new Command('audit').description('Read the audit log (docs/console.md)');
  audit
    .command('list')
    .description("A tenant's audit log, newest first (or --instance: tenants created, instance admins)")
    .option('--tenant <id or name>', 'the tenant')
    .option('--instance', 'the instance-wide entries instead')
    .option('--actor <actor>', 'an operator email or id, a key prefix or id, admin-token or cli')
    .option('--action <action>', 'e.g. page.create, session.sign_in, v0.createPerson')
    .option('--record <id>', 'entries about this record')
    .option('--since <time>', 'entries at or after this time')
    .option('--until <time>', 'entries before this time')
    .option('--limit <n>', 'page size (20 by default, at most 100)', (v) => Number(v))
    .option('--cursor <cursor>', 'the next page, as the previous page said')
    .option('--json', 'print the page as one JSON object')
    .action(
      async (options: {
        tenant?: string;
        instance?: boolean;
        actor?: string;
        action?: string;
        record?: string;
        since?: string;
        until?: string;
        limit?: number;
        cursor?: string;
        json?: boolean;
      }) => {
        await withDatabase(async ({ db }) => {
          if ((options.tenant === undefined) === (options.instance !== true)) {
            throw new ApiError('validation_failed', 'give either --tenant <id or name> or --instance');
          }
          const tenantId = options.tenant === undefined ? '' : await requireTenant(db, options.tenant);
          const filters = {
            ...(options.actor === undefined ? {} : { actor: options.actor }),
            ...(options.action === undefined ? {} : { action: options.action }),
            ...(options.record === undefined ? {} : { record: options.record }),
            ...(options.since === undefined ? {} : { since: timestamp(options.since, 'since') }),
            ...(options.until === undefined ? {} : { until: timestamp(options.until, 'until') }),
          };
          const page = await listAudit(db, tenantId, filters, options);
          printPage(page, COLUMNS, options.json === true);
        });
      },
    );
  return audit;
}
