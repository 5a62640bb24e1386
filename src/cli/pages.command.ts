import { Command } from 'commander';
import { pageEngagement } from '../features/hosted/engagement.service.js';
import { CreatePageInput, toPage, UpdatePageInput } from '../features/pages/pages.schemas.js';
import { archivePage, createPage, deletePage, getPage, updatePage } from '../features/pages/pages.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';
import { readJsonInput } from './validate-input.js';

type Options = { tenant: string; data?: string; file?: string; json?: boolean; idempotencyKey?: string };

/** `quire pages create|update|archive|delete`: the operator's page verbs (same service as the admin API). */
export function pagesCommand(): Command {
  const pages = new Command('pages').description('Manage pages (operators)');
  const withInput = (command: Command) =>
    command
      .requiredOption('--tenant <id or name>', 'the tenant the page belongs to')
      .option('--data <json>', 'the page as JSON (see docs/pages-and-audiences.md)')
      .option('--file <path>', 'read the JSON from a file (- for stdin)')
      .option('--json', 'print the result as one JSON object');
  idempotencyOption(withInput(pages.command('create').description('Create a page'))).action(
    async (options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const input = readJsonInput(CreatePageInput, options);
        const created = await createOnceFromCli(
          db,
          options.idempotencyKey,
          { operation: 'pages create', input: { tenantId, input } },
          async () => ({ ...toPage(await createPage(db, tenantId, input)) }),
        );
        printCreated(created, options.json === true, print);
      });
    },
  );
  withInput(pages.command('update <pageId>').description('Change members of a page')).action(
    async (pageId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const input = readJsonInput(UpdatePageInput, options);
        print(toPage(await updatePage(db, tenantId, pageId, input)), options.json === true);
      });
    },
  );
  for (const [verb, action, what] of [
    ['archive', archivePage, 'Archive a page (restore brings it back)'],
    ['delete', deletePage, 'Delete a page (soft: archived with deletedAt; restore brings it back)'],
  ] as const) {
    pages
      .command(`${verb} <pageId>`)
      .description(what)
      .requiredOption('--tenant <id or name>', 'the tenant the page belongs to')
      .option('--json', 'print the result as one JSON object')
      .action(async (pageId: string, options: Options) => {
        await withDatabase(async ({ db }) => {
          const tenantId = await requireTenant(db, options.tenant);
          print(toPage(await action(db, tenantId, pageId)), options.json === true);
        });
      });
  }
  pages
    .command('engagement <pageId>')
    .description('Views, unique visitors, clicks and click-through rate per audience and version')
    .requiredOption('--tenant <id or name>', 'the tenant the page belongs to')
    .option('--json', 'print the result as one JSON object (it always is)')
    .action(async (pageId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const page = await getPage(db, tenantId, pageId);
        print({ pageId: page.id, items: await pageEngagement(db, tenantId, page.id) }, true);
      });
    });
  return pages;
}
