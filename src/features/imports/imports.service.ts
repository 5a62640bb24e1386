import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { backgroundShare } from '../../background-share.js';
import { dialectOf } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db, Executor, ImportsTable } from '../../db/schema.js';
import { analyzeTables } from '../../db/statistics.repository.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { pagePath } from '../../domain/public-links.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { csvCell } from '../../lists/csv.js';
import { Turns } from '../../turns.js';
import { publishVersion } from '../audiences/versions.service.js';
import { findPage } from '../pages/pages.repository.js';
import { findTenantByIdOrName } from '../tenants/tenants.repository.js';
import {
  applyBatch,
  type BatchLine,
  emitImportEvent,
  freshRunMemory,
  IMPORT_LEASE_MS,
  LeaseLost,
  type RunMemory,
} from './import-apply.js';
import { importCounters } from './import-counters.js';
import { type ColumnTarget, checkRow, formatOf, readImportFile, resolveMapping } from './import-parse.js';
import {
  claimImportLease,
  doneLines,
  draftStatusCounts,
  findImport,
  findImportSource,
  finishImport,
  type ImportJob,
  importAudiences,
  insertImport,
  lastAudienceLine,
  listImports,
  listRejects,
  lockImport,
  setImportStatus,
  stalledImports,
} from './imports.repository.js';

/**
 * Target-list imports (issue 34, docs/imports.md): a file of persons and accounts becomes, on one
 * page, an audience per good row, each queued for a first draft like an audience made in the
 * console. Rows are applied in batches (import-apply.ts), the job's counters moving in each batch's transaction.
 */

export interface ImportUpload {
  bytes: Buffer;
  contentType?: string | undefined;
  fileName?: string | undefined;
  mapping?: Record<string, string> | undefined;
}

/** What a file would give, without writing anything: its columns, the mapping, the first rows and their problems. */
export async function previewImport(
  db: Db,
  tenantId: string,
  pageId: string,
  upload: ImportUpload,
  rows = 10,
) {
  await pageOrThrow(db, tenantId, pageId);
  const format = formatOf(upload.contentType, upload.fileName);
  const turns = new Turns();
  const file = await readImportFile(upload.bytes, format, turns);
  const mapping = resolveMapping(file.columns, upload.mapping);
  const seen = new Map<string, number>();
  const rejects = [];
  let good = 0;
  for (const row of file.rows) {
    await turns.take();
    const checked = checkRow(row, mapping, seen);
    if ('rejects' in checked) rejects.push(...checked.rejects);
    else good++;
  }
  return {
    format,
    columns: file.columns,
    mapping,
    rowsTotal: file.rows.length,
    rowsGood: good,
    sample: file.rows.slice(0, rows).map((r) => ({ line: r.line, values: r.values })),
    rejects: rejects.slice(0, 100),
    rejectsTotal: rejects.length,
  };
}

/**
 * Starts a job: the whole file is checked first (format, size, an email or domain column, the
 * mapping), so a file refused writes nothing. The rows are applied by runImport.
 */
export async function startImport(
  db: Db,
  tenantId: string,
  pageId: string,
  upload: ImportUpload,
): Promise<ImportsTable> {
  await pageOrThrow(db, tenantId, pageId);
  const format = formatOf(upload.contentType, upload.fileName);
  const file = await readImportFile(upload.bytes, format);
  const mapping = resolveMapping(file.columns, upload.mapping);
  const now = Date.now();
  const row: ImportsTable = {
    tenant_id: tenantId,
    id: newId('import'),
    page_id: pageId,
    status: 'running',
    format,
    file_name: upload.fileName?.slice(0, 255) ?? null,
    bytes: upload.bytes.length,
    mapping: JSON.stringify(mapping),
    source: upload.bytes.toString('utf8'),
    rows_total: file.rows.length,
    next_line: 0,
    rows_read: 0,
    persons_created: 0,
    persons_updated: 0,
    accounts_created: 0,
    accounts_updated: 0,
    audiences_created: 0,
    rows_unchanged: 0,
    drafts_requeued: 0,
    rejects_count: 0,
    error: null,
    lease_owner: null,
    lease_until: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
  await writeTransaction(db, (tx) => insertImport(tx, row));
  return row;
}

async function pageOrThrow(db: Executor, tenantId: string, pageId: string) {
  const page = await findPage(db, tenantId, pageId);
  if (page === undefined) throw ApiError.notFound('Page');
  if (page.deleted_at !== null) throw new ApiError('conflict', 'The page is deleted: restore it first');
  return page;
}

/** The tables an import fills and reads back. */
const IMPORT_TABLES = [
  'import_rows',
  'import_targets',
  'audiences',
  'audience_versions',
  'persons',
  'accounts',
];

/** Jobs in flight in this process: one runner per job. */
const runners = new Map<string, Promise<ImportJob | undefined>>();

/**
 * Lines applied per transaction. Larger batches commit less often (PostgreSQL's commit is a WAL
 * flush, a round trip) and read the batch's persons and accounts in fewer statements; smaller ones
 * hold the locks for less time: SQLite's single connection, on which every other write (and read
 * off the synchronous reader) of the process waits until the batch commits, and PostgreSQL's row
 * locks on the page and the accounts.
 */
export function importBatchSize(db: Executor): number {
  return dialectOf(db) === 'postgres' ? 100 : 25;
}

/**
 * Applies the job's rows not yet applied (all of them at first; after a crash, the rest), then
 * ends the job. Safe to call again: a job already running here is awaited, not run twice; a job
 * whose lease another process holds is left to it.
 */
export function runImport(
  db: Db,
  tenantId: string,
  importId: string,
  onProgress?: (job: ImportJob) => void,
): Promise<ImportJob | undefined> {
  const key = `${tenantId}/${importId}`;
  const running = runners.get(key);
  if (running !== undefined) return running;
  const run = applyImport(db, tenantId, importId, randomUUID(), onProgress).finally(() =>
    runners.delete(key),
  );
  runners.set(key, run);
  return run;
}

/** Where a process applies the jobs its API starts, when not on its own event loop (WORKERS_THREAD). */
const importRunners = new WeakMap<Db, (tenantId: string, importId: string) => void>();

/** The server's worker thread takes the jobs started through `db` (src/worker/worker-thread.ts). */
export function handImportsTo(db: Db, run: (tenantId: string, importId: string) => void): void {
  importRunners.set(db, run);
}

/**
 * Applies a job started by a request after the answer: on the worker thread when the server runs
 * one, else here. A job a stopped process left is resumed by the next worker that starts.
 */
export function applyImportLater(
  db: Db,
  tenantId: string,
  importId: string,
  onError: (error: unknown) => void,
): void {
  const handOff = importRunners.get(db);
  if (handOff !== undefined) handOff(tenantId, importId);
  else runImport(db, tenantId, importId).catch(onError);
}

/**
 * One process's run of a job under its lease (`owner`): without the lease nothing is applied and
 * the job is returned as it stands. Each batch renews the lease in its transaction, so a batch
 * commits only while this run holds it.
 */
export async function applyImport(
  db: Db,
  tenantId: string,
  importId: string,
  owner: string,
  onProgress?: (job: ImportJob) => void,
): Promise<ImportJob | undefined> {
  const claimed = await writeTransaction(db, (tx) =>
    claimImportLease(tx, tenantId, importId, owner, Date.now() + IMPORT_LEASE_MS, Date.now()),
  );
  const job = await findImport(db, tenantId, importId);
  if (!claimed || job === undefined || job.status !== 'running') return job;
  const source = await findImportSource(db, tenantId, importId);
  if (source === null || source === undefined) return job;
  try {
    // The file is read and checked in steps (Turns): on the event loop that answers requests
    // (PostgreSQL's default, WORKERS_THREAD=false), 10,000 rows in one piece held it for 300 ms.
    const turns = new Turns();
    const file = await readImportFile(Buffer.from(source, 'utf8'), job.format as 'csv' | 'jsonl', turns);
    const mapping = JSON.parse(job.mapping) as Record<string, ColumnTarget>;
    const done = await doneLines(db, tenantId, importId);
    const seen = new Map<string, number>();
    // Every row is checked, in file order, so a duplicate is found the same way after a resume.
    const todo: BatchLine[] = [];
    for (const row of file.rows) {
      await turns.take();
      const checked = checkRow(row, mapping, seen);
      if (done.has(row.line)) continue;
      todo.push(
        'rejects' in checked
          ? { line: row.line, rejects: checked.rejects }
          : { line: row.line, target: checked.target },
      );
    }
    const size = importBatchSize(db);
    // After a resume the memory starts empty: rows of an account changed before the stop no longer re-draft.
    const run: Run = { db, job, owner, memory: freshRunMemory() };
    const pacer = backgroundShare.pacer();
    let analyzedAt = 0;
    for (let i = 0; i < todo.length; i += size) {
      // While requests come in, the batches take only their share of the time, resting between
      // two transactions, never inside one (src/background-share.ts).
      if (i > 0) await pacer.next();
      const current = await findImport(db, tenantId, importId);
      if (current?.status !== 'running') return current;
      const progress = await applyLines(run, todo.slice(i, i + size));
      // PostgreSQL plans the rest of the job, and its status reads, from statistics that keep
      // pace with it: taken after the first batch and whenever the job's rows have doubled since
      // (about 7 times for 10,000 rows; src/db/statistics.repository.ts).
      const applied = Math.min(i + size, todo.length);
      if (applied >= 2 * analyzedAt) {
        await analyzeTables(db, IMPORT_TABLES);
        analyzedAt = applied;
      }
      if (onProgress && progress) onProgress(progress);
    }
    await writeTransaction(db, async (tx) => {
      if (await finishImport(tx, tenantId, importId, 'done', null, Date.now()))
        await emitImportEvent(tx, 'import.finished', (await findImport(tx, tenantId, importId))!, Date.now());
    });
  } catch (error) {
    if (error instanceof LeaseLost) return findImport(db, tenantId, importId);
    const message = error instanceof Error ? error.message : String(error);
    await writeTransaction(db, async (tx) => {
      if (await finishImport(tx, tenantId, importId, 'failed', message.slice(0, 500), Date.now()))
        await emitImportEvent(tx, 'import.finished', (await findImport(tx, tenantId, importId))!, Date.now());
    });
  }
  const finished = await findImport(db, tenantId, importId);
  if (onProgress && finished) onProgress(finished);
  return finished;
}

/** One process's run of a job: its lease's owner, and what its committed batches remember. */
interface Run {
  db: Db;
  job: ImportJob;
  owner: string;
  memory: RunMemory;
}

/** Lines in one transaction; the run keeps the batch's memory once it has committed. */
async function commitLines(run: Run, lines: BatchLine[]): Promise<ImportJob> {
  const result = await writeTransaction(run.db, (tx) =>
    applyBatch(tx, run.job, run.owner, lines, run.memory),
  );
  run.memory = result.memory;
  return result.job;
}

/**
 * A batch in one transaction; when it fails on a row (a refusal of the services, a lost race), its
 * lines are applied again one by one, so only the faulty row becomes a reject.
 */
async function applyLines(run: Run, lines: BatchLine[]): Promise<ImportJob | undefined> {
  try {
    return await commitLines(run, lines);
  } catch (error) {
    if (!isRowFailure(error) || lines.length === 1) throw error;
  }
  let last: ImportJob | undefined;
  for (const line of lines) last = (await applyLineOrReject(run, line)) ?? last;
  return last;
}

function isRowFailure(error: unknown): boolean {
  return error instanceof ApiError || isUniqueViolation(error);
}

/** A row whose writes fail becomes a reject, not a failed job. */
async function applyLineOrReject(run: Run, line: BatchLine): Promise<ImportJob | undefined> {
  try {
    return await commitLines(run, [line]);
  } catch (error) {
    if (!isRowFailure(error)) throw error;
    // Another process applied this line meanwhile: nothing to do.
    if ((await doneLines(run.db, run.job.tenant_id, run.job.id)).has(line.line)) return undefined;
    const reason =
      error instanceof ApiError
        ? error.message
        : 'the row conflicted with a concurrent write; import the file again';
    return commitLines(run, [{ line: line.line, rejects: [{ column: '', reason }] }]);
  }
}

/**
 * Resumes the jobs a stopped process left running (workers call it when they start): those that
 * moved no row for `stillMs` and whose lease expired, so a job another live process is applying is
 * left to it. Each is claimed with a lease: of two workers starting at once, one applies it.
 */
export async function resumeImports(db: Db, tenantId?: string, stillMs = 60_000): Promise<number> {
  const now = Date.now();
  const jobs = await stalledImports(db, now - stillMs, now, tenantId);
  // A failure here leaves the job running, to be resumed again by the next worker that starts.
  for (const job of jobs) runImport(db, job.tenant_id, job.id).catch(() => {});
  return jobs.length;
}

export async function getImport(db: Executor, tenantId: string, importId: string) {
  const job = await findImport(db, tenantId, importId);
  if (job === undefined) throw ApiError.notFound('Import');
  return job;
}

/**
 * Lines of a job whose drafts are counted in one statement: about 0.15 ms on SQLite (2-core
 * machine, 2026-11-29), where counting a 10,000-line job at once held the event loop for 33 ms on
 * every read of its status (the console reads it on each of the job's events). A request that
 * comes during a step waits for all of it; steps of 500 lines (1.5 ms) showed in another
 * tenant's p99 during an import, and smaller ones cost no more in all (30 ms for 10,000 lines).
 */
const DRAFT_COUNT_STEP = 50;

/**
 * Lines counted per statement on this database. PostgreSQL runs the statement on its own server,
 * so the event loop waits for none of it and the whole job is one statement: in steps of 50 the
 * 200 statements of a 10,000-line job each walked the job's rows on an index led by the job (the
 * planner had no statistics of the freshly filled tables yet), and a read took 42 s by the
 * 8,000th line (s10, 2026-11-29).
 */
function draftCountStep(db: Executor): number {
  return dialectOf(db) === 'postgres' ? Number.MAX_SAFE_INTEGER : DRAFT_COUNT_STEP;
}

/**
 * How the job's audiences' drafts stand, per status: counted `step` lines at a time,
 * with a turn of the event loop between steps (on SQLite each statement is synchronous).
 */
async function draftsByStatus(db: Executor, tenantId: string, importId: string, step: number) {
  const last = await lastAudienceLine(db, tenantId, importId);
  const drafts: Record<string, number> = {};
  for (let after = 0; after < last; after += step) {
    if (after > 0) await nextTurn();
    const counts = await draftStatusCounts(db, tenantId, importId, after, Math.min(after + step, last));
    for (const { status, n } of counts) drafts[status] = (drafts[status] ?? 0) + n;
  }
  return drafts;
}

/** The job as the API shows it, with how its audiences' drafts stand (`step`: for tests). */
export async function presentImport(db: Executor, job: ImportJob, step = draftCountStep(db)) {
  const drafts = await draftsByStatus(db, job.tenant_id, job.id, step);
  const sum = (...keys: string[]) => keys.reduce((n, k) => n + (drafts[k] ?? 0), 0);
  return {
    importId: job.id,
    pageId: job.page_id,
    status: job.status as 'running' | 'done' | 'cancelled' | 'failed',
    format: job.format as 'csv' | 'jsonl',
    fileName: job.file_name,
    bytes: job.bytes,
    mapping: JSON.parse(job.mapping) as Record<string, string>,
    ...importCounters(job),
    drafts: {
      queued: sum('pending', 'queued', 'processing'),
      done: sum('draft', 'published', 'archived'),
      failed: sum('failed', 'cancelled'),
    },
    error: job.error,
    createdAt: new Date(job.created_at).toISOString(),
    updatedAt: new Date(job.updated_at).toISOString(),
    finishedAt: job.finished_at === null ? null : new Date(job.finished_at).toISOString(),
  };
}
export type PresentedImport = Awaited<ReturnType<typeof presentImport>>;

export async function listPageImports(
  db: Executor,
  tenantId: string,
  pageId: string,
  cursor: string | undefined,
  limit: number,
) {
  await pageOrThrow(db, tenantId, pageId);
  let after: [number, string] | null = null;
  if (cursor !== undefined) {
    const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    if (!/^\d+$/.test(at ?? '') || !id)
      throw new ApiError('invalid_cursor', 'The cursor is not one this list returned');
    after = [Number(at), id];
  }
  const rows = await listImports(db, tenantId, pageId, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await Promise.all(page.map((row) => presentImport(db, row))),
    nextCursor:
      rows.length > limit && last ? Buffer.from(`${last.created_at}|${last.id}`).toString('base64url') : null,
  };
}

/** Cancels a running job: rows not yet applied are left; audiences already made stay. */
export async function cancelImport(db: Db, tenantId: string, importId: string) {
  await writeTransaction(db, async (tx) => {
    const job = await lockImport(tx, tenantId, importId);
    if (job === undefined) throw ApiError.notFound('Import');
    if (job.status !== 'running')
      throw new ApiError('conflict', `Only a running import can be cancelled; this one is ${job.status}`);
    await setImportStatus(tx, tenantId, importId, 'cancelled', Date.now());
    await emitImportEvent(tx, 'import.finished', (await findImport(tx, tenantId, importId))!, Date.now());
  });
  return getImport(db, tenantId, importId);
}

/** The rejects as CSV (line, column, reason), every cell neutralised. */
export async function* rejectsCsv(db: Db, tenantId: string, importId: string): AsyncGenerator<string> {
  await getImport(db, tenantId, importId);
  yield 'line,column,reason\r\n';
  for (const r of await listRejects(db, tenantId, importId))
    yield `${csvCell(r.line)},${csvCell(r.column_name)},${csvCell(r.reason)}\r\n`;
}

export async function rejectsOf(db: Executor, tenantId: string, importId: string) {
  return (await listRejects(db, tenantId, importId)).map((r) => ({
    line: Number(r.line),
    column: r.column_name,
    reason: r.reason,
  }));
}

const BATCH = 500;

async function* importRows(db: Executor, tenantId: string, importId: string) {
  let after = 0;
  for (;;) {
    const rows = await importAudiences(db, tenantId, importId, after, BATCH);
    yield* rows;
    if (rows.length < BATCH) return;
    after = Number(rows.at(-1)!.line);
  }
}

/** A draft passed the grounding check unless the agent's reasoning says it refused unsupported claims. */
function passedGrounding(reasoning: string | null): boolean {
  return reasoning === null || !reasoning.startsWith('Unsupported claims');
}

/** The review list: the job's audiences, in file order, with their latest version. */
export async function reviewList(
  db: Executor,
  tenantId: string,
  importId: string,
  afterLine: number,
  limit: number,
) {
  await getImport(db, tenantId, importId);
  const rows = await importAudiences(db, tenantId, importId, afterLine, limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      line: Number(r.line),
      outcome: r.outcome as 'created' | 'updated' | 'unchanged',
      audienceId: r.audience_id,
      personId: r.person_id,
      personName: r.person_name,
      email: r.person_email,
      accountId: r.account_id,
      accountName: r.account_name,
      domain: r.account_domain,
      archived: r.archived_at !== null,
      versionId: r.version_id,
      versionStatus: r.version_status,
      reply: r.version_reply,
      reasoning: r.version_reasoning,
      grounded: r.version_status === 'draft' ? passedGrounding(r.version_reasoning) : null,
      content: r.version_content === null ? null : (JSON.parse(r.version_content) as Record<string, unknown>),
    })),
    nextCursor: rows.length > limit ? String(page.at(-1)!.line) : null,
  };
}

/**
 * The job (404 when the tenant has none) and `urlOf(routeKey)`: an audience's public address, null
 * while the page (or audience) has no public key.
 */
export async function importWithUrls(db: Executor, tenantId: string, importId: string, baseUrl: string) {
  const job = await getImport(db, tenantId, importId);
  const slug = (await findPage(db, tenantId, job.page_id))?.slug ?? null;
  const handle = (await findTenantByIdOrName(db, tenantId))?.handle ?? null;
  const urlOf = (routeKey: string | null) =>
    handle === null || slug === null || routeKey === null
      ? null
      : `${baseUrl}${pagePath(handle, slug, routeKey)}`;
  return { job, urlOf };
}

/**
 * The audiences' public URLs for outreach tools (a merge field of a sequence): one row per
 * audience with its person, email and account; every cell neutralised against formulas.
 */
export async function* urlsCsv(
  db: Db,
  tenantId: string,
  importId: string,
  baseUrl: string,
): AsyncGenerator<string> {
  const { urlOf } = await importWithUrls(db, tenantId, importId, baseUrl);
  yield 'audience_id,person,email,account,domain,status,url\r\n';
  for await (const r of importRows(db, tenantId, importId)) {
    const url = urlOf(r.route_key) ?? '';
    const status = r.archived_at !== null ? 'archived' : (r.version_status ?? '');
    yield `${[r.audience_id, r.person_name, r.person_email, r.account_name ?? r.custom_name, r.account_domain, status, url].map(csvCell).join(',')}\r\n`;
  }
}

/**
 * Publishes, in bulk, the latest draft of the job's audiences: those named, or with `grounded`
 * every one whose draft passed the grounding check. Each publish is the ordinary one (its own
 * transaction and events); one that cannot be published is reported, not fatal.
 */
export async function publishImportDrafts(
  db: Db,
  tenantId: string,
  importId: string,
  selection: { audienceIds?: string[] | undefined; allGrounded?: boolean | undefined },
) {
  await getImport(db, tenantId, importId);
  if ((selection.audienceIds === undefined) === (selection.allGrounded !== true))
    throw ApiError.invalidField('/audienceIds', 'give either audienceIds or allGrounded: true', 'required');
  const wanted = selection.audienceIds === undefined ? null : new Set(selection.audienceIds);
  const published: string[] = [];
  const skipped: { audienceId: string; reason: string }[] = [];
  const found = new Set<string>();
  for await (const r of importRows(db, tenantId, importId)) {
    if (wanted !== null && !wanted.has(r.audience_id)) continue;
    if (found.has(r.audience_id)) continue;
    found.add(r.audience_id);
    if (r.version_status !== 'draft' || r.version_id === null) {
      if (wanted !== null)
        skipped.push({
          audienceId: r.audience_id,
          reason: `its latest version is ${r.version_status ?? 'missing'}, not a draft`,
        });
      continue;
    }
    if (wanted === null && !passedGrounding(r.version_reasoning)) {
      skipped.push({ audienceId: r.audience_id, reason: 'its draft did not pass the grounding check' });
      continue;
    }
    try {
      await publishVersion(db, tenantId, r.version_id);
      published.push(r.audience_id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      skipped.push({ audienceId: r.audience_id, reason: error.message });
    }
  }
  for (const id of wanted ?? [])
    if (!found.has(id)) skipped.push({ audienceId: id, reason: 'not an audience of this import' });
  return { published, skipped };
}
