import fs from 'node:fs';
import { Command } from 'commander';
import type { Db } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import { CLI_ACTOR, CLI_ORIGIN } from '../features/audit/actor.js';
import { recordAudit } from '../features/audit/audit.service.js';
import {
  getImport,
  type PresentedImport,
  presentImport,
  rejectsCsv,
  runImport,
  startImport,
  urlsCsv,
} from '../features/imports/imports.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { withDatabase } from './context.js';
import { notePublicUrls } from './public-base.js';

type Options = {
  tenant: string;
  page: string;
  mapping?: string;
  rejects?: string;
  urls?: string;
  waitDrafts?: boolean;
  timeout?: string;
  json?: boolean;
};

/** Writes the chunks to a file, waiting for the disk when it falls behind. */
export async function writeAll(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const out = fs.createWriteStream(path);
  for await (const chunk of chunks)
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

function summary(job: PresentedImport): string {
  return [
    `import ${job.importId}: ${job.status}`,
    `rows read: ${job.rowsRead} of ${job.rowsTotal}`,
    `persons: ${job.personsCreated} created, ${job.personsUpdated} updated`,
    `accounts: ${job.accountsCreated} created, ${job.accountsUpdated} updated`,
    `audiences created: ${job.audiencesCreated}; rows unchanged: ${job.rowsUnchanged}`,
    `drafts re-queued (a row changed their traits): ${job.draftsRequeued}`,
    `rejects: ${job.rejects}`,
    `drafts: ${job.drafts.done} done, ${job.drafts.queued} queued, ${job.drafts.failed} failed`,
    ...(job.error === null ? [] : [`error: ${job.error}`]),
  ].join('\n');
}

/** Waits until no draft of the job is queued (a worker, `quire worker` or `quire serve`, drafts them). */
async function waitForDrafts(
  db: Db,
  tenantId: string,
  importId: string,
  timeoutMs: number,
  onProgress: (job: PresentedImport) => void,
): Promise<PresentedImport> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await presentImport(db, await getImport(db, tenantId, importId));
    onProgress(job);
    if (job.drafts.queued === 0 || Date.now() > until) return job;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * `quire import --tenant T --page P FILE`: a target list (CSV or JSON lines) into a page, an
 * audience per good row queued for a draft (docs/imports.md). The same service as the operator API,
 * run in this process with a progress bar; the rejects are written beside the file.
 */
export function importCommand(): Command {
  return new Command('import')
    .description(
      'Import a target list (CSV or JSON lines) into a page: an audience per row, queued for a draft',
    )
    .argument('<file>', 'the CSV (.csv) or JSON lines (.jsonl) file')
    .requiredOption('--tenant <id or name>', 'the tenant the page belongs to')
    .requiredOption('--page <pageId>', 'the page that gets an audience per row')
    .option('--mapping <json>', 'column → field, trait:<key> or ignore, e.g. {"Segment":"tier"}')
    .option(
      '--rejects <path>',
      'where to write the rejects as CSV (default: FILE.rejects.csv when there are any)',
    )
    .option('--urls <path>', "write the audiences' public URLs as CSV there when done (for outreach tools)")
    .option(
      '--wait-drafts',
      'then wait until every draft is written (a worker must run: quire worker or quire serve)',
    )
    .option('--timeout <seconds>', 'with --wait-drafts, give up after this long', '600')
    .option('--json', 'print the job as one JSON object at the end')
    .addHelpText(
      'after',
      '\nExamples:\n  $ quire import --tenant acme --page page_01jd... targets.csv --wait-drafts --urls urls.csv\n',
    )
    .action(async (file: string, options: Options) => {
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(file);
      } catch (error) {
        process.stderr.write(`quire: cannot read ${file}: ${(error as Error).message}\n`);
        process.exit(2);
      }
      let mapping: Record<string, string> | undefined;
      if (options.mapping !== undefined) {
        try {
          mapping = JSON.parse(options.mapping) as Record<string, string>;
        } catch {
          process.stderr.write('quire: --mapping must be a JSON object of column → field\n');
          process.exit(2);
        }
      }
      await withDatabase(async ({ db }, config) => {
        const tenantId = await requireTenant(db, options.tenant);
        const { default: progress } = await import('cli-progress');
        const started = await startImport(db, tenantId, options.page, {
          bytes,
          fileName: file,
          mapping,
        });
        await writeTransaction(db, (tx) =>
          recordAudit(tx, tenantId, CLI_ACTOR, CLI_ORIGIN, {
            action: 'cli.import',
            recordType: 'import',
            recordId: started.id,
            after: { page: options.page, file, rows: started.rows_total },
          }),
        );
        const bar = new progress.SingleBar(
          {
            format: 'rows   [{bar}] {value}/{total} | {audiences} audiences, {rejects} rejects',
            stream: process.stderr,
            hideCursor: true,
            noTTYOutput: true,
            notTTYSchedule: 2000,
          },
          progress.Presets.shades_classic,
        );
        bar.start(started.rows_total, 0, { audiences: 0, rejects: 0 });
        const finished = await runImport(db, tenantId, started.id, (job) =>
          bar.update(job.rows_read, { audiences: job.audiences_created, rejects: job.rejects_count }),
        );
        bar.stop();
        let job = await presentImport(db, finished ?? (await getImport(db, tenantId, started.id)));
        if (options.waitDrafts && job.status === 'done') {
          const total = job.rowsRead - job.rejects;
          const drafts = new progress.SingleBar(
            {
              format: 'drafts [{bar}] {value}/{total} | {failed} failed',
              stream: process.stderr,
              hideCursor: true,
              noTTYOutput: true,
              notTTYSchedule: 2000,
            },
            progress.Presets.shades_classic,
          );
          drafts.start(total, 0, { failed: 0 });
          job = await waitForDrafts(db, tenantId, started.id, Number(options.timeout) * 1000, (j) =>
            drafts.update(j.drafts.done + j.drafts.failed, { failed: j.drafts.failed }),
          );
          drafts.stop();
        }
        let rejectsPath: string | null = null;
        if (job.rejects > 0 || options.rejects !== undefined) {
          rejectsPath = options.rejects ?? `${file}.rejects.csv`;
          await writeAll(rejectsPath, rejectsCsv(db, tenantId, started.id));
        }
        if (options.urls !== undefined) {
          notePublicUrls(config);
          await writeAll(options.urls, urlsCsv(db, tenantId, started.id, config.publicBaseUrl));
        }
        if (options.json) process.stdout.write(`${JSON.stringify({ ...job, rejectsFile: rejectsPath })}\n`);
        else {
          process.stdout.write(`${summary(job)}\n`);
          if (rejectsPath !== null) process.stdout.write(`rejects written to ${rejectsPath}\n`);
          if (options.urls !== undefined) process.stdout.write(`URLs written to ${options.urls}\n`);
        }
        if (job.status === 'failed') process.exitCode = 1;
      });
    });
}
