import { Command } from 'commander';
import { AddPersonLogBody } from '../features/activity/activity.schemas.js';
import { setLogDeletedByOperator } from '../features/activity/logs.operator.js';
import { addPersonLog } from '../features/activity/person-logs.operator.js';
import { print, withDatabase } from './context.js';
import { checkInput } from './validate-input.js';

/** `quire logs ...`: the operator's log verbs (the same code as the admin API). */
export function logsCommand(): Command {
  const logs = new Command('logs').description('Manage account logs and person logs');
  logs
    .command('add-person-log')
    .description("Write a log of a person (it joins the activity of the person's account)")
    .requiredOption('--tenant <id or name>', 'the tenant of the person')
    .requiredOption('--person <personId>', 'the person')
    .requiredOption('--source <source>', 'kebab-case source, e.g. user, linkedin')
    .option('--type <type>', 'kebab-case type (default webhook)')
    .option('--payload <json>', 'the payload, a JSON object', '{}')
    .option('--idempotency-key <key>', 'a repeated key replays the first log')
    .option('--json', 'print the result as one JSON object')
    .action(
      async (options: {
        tenant: string;
        person: string;
        source: string;
        type?: string;
        payload: string;
        idempotencyKey?: string;
        json?: boolean;
      }) => {
        const payload = parsePayload(options.payload);
        await withDatabase(async ({ db }) => {
          const input = checkInput(AddPersonLogBody, {
            source: options.source,
            payload,
            ...(options.type === undefined ? {} : { type: options.type }),
            ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
          });
          const log = await addPersonLog(db, options.tenant, options.person, input);
          print({ ...log }, options.json === true);
        });
      },
    );
  for (const [verb, deleted, what] of [
    ['delete', true, 'Soft-delete a log: it leaves the activity unless includeDeleted=true'],
    ['undelete', false, 'Restore a soft-deleted log'],
  ] as const) {
    logs
      .command(`${verb} <logId>`)
      .description(`${what} (an accountlog_... or personlog_... id)`)
      .requiredOption('--tenant <id or name>', 'the tenant of the log')
      .option('--json', 'print the result as one JSON object')
      .action(async (logId: string, options: { tenant: string; json?: boolean }) => {
        await withDatabase(async ({ db }) => {
          print(
            { ...(await setLogDeletedByOperator(db, options.tenant, logId, deleted)) },
            options.json === true,
          );
        });
      });
  }
  return logs;
}

function parsePayload(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    process.stderr.write('quire: --payload must be a JSON object\n');
    process.exit(2);
  }
  return value as Record<string, unknown>;
}
