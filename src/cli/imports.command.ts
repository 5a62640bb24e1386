import { Command } from 'commander';
import { ApiError } from '../errors.js';
import {
  type ImportEngagementItem,
  importEngagement,
  importEngagementCsv,
} from '../features/imports/import-engagement.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { withDatabase } from './context.js';
import { writeAll } from './import.command.js';
import { type Column, printTable } from './output.js';
import { notePublicUrls } from './public-base.js';

type Options = { tenant: string; cursor?: string; limit?: string; csv?: string; json?: boolean };

const COLUMNS: Column<ImportEngagementItem>[] = [
  ['line', (i) => i.line],
  ['person', (i) => i.personName],
  ['email', (i) => i.email],
  ['account', (i) => i.accountName],
  ['domain', (i) => i.domain],
  ['views', (i) => i.views],
  ['clicks', (i) => i.clicks],
  ['submissions', (i) => i.submissions],
  ['last seen', (i) => i.lastSeenAt],
  ['url', (i) => i.publicUrl],
];

/** The page of the API's list: the same bounds as the admin route's query. */
function pageOf(options: Options): { afterLine: number; limit: number } {
  if (options.cursor !== undefined && !/^\d{1,9}$/.test(options.cursor))
    throw ApiError.invalidField('/cursor', 'must be the nextCursor of the previous page', 'invalid_cursor');
  const limit = options.limit === undefined ? 50 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    throw ApiError.invalidField('/limit', 'must be a whole number from 1 to 200', 'out_of_range');
  return { afterLine: Number(options.cursor ?? 0), limit };
}

/** `quire imports engagement`: which of an import's accounts visited, clicked, submitted (docs/imports.md). */
export function importsCommand(): Command {
  const imports = new Command('imports').description('Target-list imports (start one with quire import)');
  imports
    .command('engagement <importId>')
    .description(
      "Which of the import's accounts and persons visited their page, clicked, submitted a form; totals first",
    )
    .requiredOption('--tenant <id or name>', 'the tenant the import belongs to')
    .option('--cursor <cursor>', 'the nextCursor of the previous page')
    .option('--limit <n>', 'at most this many audiences (1-200, 50 by default)')
    .option('--csv <path>', 'write every audience of the import there as CSV instead')
    .option('--json', 'print the page (with its totals) as one JSON object')
    .action(async (importId: string, options: Options) => {
      await withDatabase(async ({ db }, config) => {
        const tenantId = await requireTenant(db, options.tenant);
        notePublicUrls(config);
        if (options.csv !== undefined) {
          await writeAll(options.csv, importEngagementCsv(db, tenantId, importId, config.publicBaseUrl));
          if (options.json) process.stdout.write(`${JSON.stringify({ importId, csvFile: options.csv })}\n`);
          else process.stdout.write(`engagement written to ${options.csv}\n`);
          return;
        }
        const { afterLine, limit } = pageOf(options);
        const page = await importEngagement(db, tenantId, importId, config.publicBaseUrl, afterLine, limit);
        if (options.json) {
          process.stdout.write(`${JSON.stringify(page)}\n`);
          return;
        }
        const t = page.totals;
        if (t !== null)
          process.stdout.write(
            `${t.audiences} audiences of ${t.accounts} accounts: ` +
              `visited ${t.audiencesVisited} (${t.accountsVisited} accounts), ` +
              `clicked ${t.audiencesClicked} (${t.accountsClicked} accounts), ` +
              `submitted ${t.audiencesSubmitted} (${t.accountsSubmitted} accounts); ` +
              `${t.views} views, ${t.clicks} clicks, ${t.submissions} submissions\n`,
          );
        printTable(page.items, COLUMNS);
        if (page.nextCursor !== null) process.stdout.write(`next page: --cursor ${page.nextCursor}\n`);
      });
    });
  return imports;
}
