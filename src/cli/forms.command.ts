import { Command } from 'commander';
import type { FormSubmission } from '../features/forms/forms.schemas.js';
import {
  exportSubmissionsCsv,
  listSubmissions,
  markSubmission,
  type SubmissionQuery,
} from '../features/forms/submissions.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';
import { type Column, printPage } from './output.js';

type Options = {
  tenant: string;
  audience?: string;
  includeTests?: boolean;
  unproven?: boolean;
  proven?: boolean;
  cursor?: string;
  limit?: string;
  json?: boolean;
  undo?: boolean;
};

const COLUMNS: Column<FormSubmission>[] = [
  ['id', (s) => s.submissionId],
  ['created', (s) => s.createdAt],
  ['audience', (s) => s.audienceId ?? 'page'],
  ['email', (s) => s.email],
  ['name', (s) => s.fields.name],
  ['company', (s) => s.fields.company],
  ['proven', (s) => s.proven],
  ['test', (s) => s.test],
];

function queryOf(options: Options): SubmissionQuery {
  return {
    ...(options.audience === undefined ? {} : { audienceId: options.audience }),
    ...(options.includeTests ? { includeTests: true } : {}),
    ...(options.unproven ? { unproven: true } : options.proven ? { unproven: false } : {}),
  };
}

/** `quire forms list|export|mark-test`: the leads of a page's forms (same service as the admin API). */
export function formsCommand(): Command {
  const forms = new Command('forms').description("The leads captured by pages' forms (docs/forms.md)");
  const filters = (command: Command) =>
    command
      .requiredOption('--tenant <id or name>', 'the tenant the page belongs to')
      .option('--audience <audienceId>', 'one audience; "page" for the page itself')
      .option('--include-tests', 'also submissions marked a test')
      .option('--unproven', 'only submissions without a verified proof of work')
      .option('--proven', 'only submissions with a verified proof of work');
  filters(forms.command('list <pageId>').description("A page's submissions, newest first"))
    .option('--cursor <cursor>', 'the nextCursor of the previous page')
    .option('--limit <n>', 'at most this many (1-100)')
    .option('--json', 'print the page of results as one JSON document')
    .action(async (pageId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const page = await listSubmissions(db, tenantId, pageId, {
          ...queryOf(options),
          ...(options.cursor === undefined ? {} : { cursor: options.cursor }),
          ...(options.limit === undefined ? {} : { limit: Number(options.limit) }),
        });
        printPage(page, COLUMNS, options.json === true);
      });
    });
  filters(
    forms
      .command('export <pageId>')
      .description("A page's submissions as CSV on stdout (formula-like cells neutralised)"),
  ).action(async (pageId: string, options: Options) => {
    await withDatabase(async ({ db }) => {
      const tenantId = await requireTenant(db, options.tenant);
      for await (const chunk of exportSubmissionsCsv(db, tenantId, pageId, queryOf(options))) {
        if (!process.stdout.write(chunk))
          await new Promise((resolve) => process.stdout.once('drain', resolve));
      }
    });
  });
  forms
    .command('mark-test <submissionId>')
    .description('Mark a submission as a test: left out of every count (--undo: count it again)')
    .requiredOption('--tenant <id or name>', 'the tenant the submission belongs to')
    .option('--undo', 'count it again')
    .option('--json', 'print the result as one JSON object')
    .action(async (submissionId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        print(await markSubmission(db, tenantId, submissionId, options.undo !== true), options.json === true);
      });
    });
  return forms;
}
