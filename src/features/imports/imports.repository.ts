import { sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { Executor, ImportRejectsTable, ImportRowsTable, ImportsTable } from '../../db/schema.js';
import { newestFirst } from '../../db/sort-key.js';
import { statement } from '../../db/statement.js';

/** SQL of target-list imports (docs/imports.md); every query scoped by tenant first. */

export async function insertImport(db: Executor, row: ImportsTable): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

/** A job as read: every column but the file it holds while it runs (findImportSource). */
export type ImportJob = Omit<ImportsTable, 'source'>;

const JOB_COLUMNS = [
  'tenant_id',
  'id',
  'page_id',
  'status',
  'format',
  'file_name',
  'bytes',
  'mapping',
  'rows_total',
  'next_line',
  'rows_read',
  'persons_created',
  'persons_updated',
  'accounts_created',
  'accounts_updated',
  'audiences_created',
  'rows_unchanged',
  'drafts_requeued',
  'rejects_count',
  'error',
  'lease_owner',
  'lease_until',
  'created_at',
  'updated_at',
  'finished_at',
] as const satisfies readonly (keyof ImportJob)[];

/**
 * The job without its file. The run reads the job after every batch and the console once a
 * second: with the file (about 1 MB for 10,000 rows) each read made a string too large for the
 * young generation, allocated straight into the old one: 7 MB a second for the workers' thread's
 * helpers to mark during a 10,000-row import (docs/imports.md, tenth session).
 */
export function findImport(db: Executor, tenantId: string, importId: string): Promise<ImportJob | undefined> {
  return db
    .selectFrom('imports')
    .select(JOB_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .executeTakeFirst();
}

/** The file of a running job (null once it ended), read once when a run starts. */
export async function findImportSource(
  db: Executor,
  tenantId: string,
  importId: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('imports')
    .select('source')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .executeTakeFirst();
  return row?.source;
}

/** The jobs of a page, newest first, after the (created_at, id) of `after`. */
export function listImports(
  db: Executor,
  tenantId: string,
  pageId: string,
  after: [number, string] | null,
  limit: number,
) {
  const query = db
    .selectFrom('imports')
    .select(JOB_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId);
  return newestFirst(query, after, limit).execute();
}

/**
 * Jobs left `running`, still since `before` and with no live lease (a process stopped mid-import):
 * resumed by a worker.
 */
export function stalledImports(db: Executor, before: number, now: number, tenantId?: string) {
  return db
    .selectFrom('imports')
    .select(['tenant_id', 'id'])
    .where('status', '=', 'running')
    .where('updated_at', '<=', before)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .$if(tenantId !== undefined, (q) => q.where('tenant_id', '=', tenantId!))
    .execute();
}

export type ImportCounter =
  | 'rows_read'
  | 'persons_created'
  | 'persons_updated'
  | 'accounts_created'
  | 'accounts_updated'
  | 'audiences_created'
  | 'rows_unchanged'
  | 'drafts_requeued'
  | 'rejects_count';

/** Adds to the job's counters (atomic increments: rows applied in parallel do not lose counts). */
export async function addToImportCounters(
  db: Executor,
  tenantId: string,
  importId: string,
  deltas: Partial<Record<ImportCounter, number>>,
  line: number,
  at: number,
): Promise<void> {
  const set: Record<string, unknown> = { updated_at: at };
  for (const [column, delta] of Object.entries(deltas)) {
    if (delta) set[column] = sql`${sql.ref(column)} + ${delta}`;
  }
  set.next_line = sql`case when next_line > ${line + 1} then next_line else ${line + 1} end`;
  await db
    .updateTable('imports')
    .set(set)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .execute();
}

/** Moves a job out of `running` (done, cancelled, failed); false when it was no longer running. */
export async function finishImport(
  db: Executor,
  tenantId: string,
  importId: string,
  status: 'done' | 'cancelled' | 'failed',
  error: string | null,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({
      status,
      error,
      source: null,
      finished_at: at,
      updated_at: at,
      lease_owner: null,
      lease_until: null,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertRejects(db: Executor, rows: ImportRejectsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('import_rejects')
    .values(rows)
    .onConflict((c) => c.columns(['tenant_id', 'import_id', 'line', 'column_name']).doNothing())
    .execute();
}

export function listRejects(db: Executor, tenantId: string, importId: string) {
  return db
    .selectFrom('import_rejects')
    .select(['line', 'column_name', 'reason'])
    .where('tenant_id', '=', tenantId)
    .where('import_id', '=', importId)
    .orderBy('line')
    .orderBy('column_name')
    .execute();
}

/** Lines of the job already applied (a row or a reject): skipped when a job is resumed. */
export async function doneLines(db: Executor, tenantId: string, importId: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('import_rows')
    .select('line')
    .where('tenant_id', '=', tenantId)
    .where('import_id', '=', importId)
    .union(
      db
        .selectFrom('import_rejects')
        .select('line')
        .where('tenant_id', '=', tenantId)
        .where('import_id', '=', importId),
    )
    .execute();
  return new Set(rows.map((r) => Number(r.line)));
}

/** A job's import rows with their audience, person and account (the review list, the exports, engagement). */
function rowsWithTargets(db: Executor, tenantId: string, importId: string) {
  return db
    .selectFrom('import_rows as r')
    .innerJoin('audiences as a', (j) =>
      j.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.audience_id'),
    )
    .leftJoin('persons as p', (j) =>
      j.onRef('p.tenant_id', '=', 'r.tenant_id').onRef('p.id', '=', 'r.person_id'),
    )
    .leftJoin('accounts as c', (j) =>
      j.onRef('c.tenant_id', '=', 'r.tenant_id').onRef('c.id', '=', 'r.account_id'),
    )
    .where('r.tenant_id', '=', tenantId)
    .where('r.import_id', '=', importId);
}

/**
 * The audiences of a job, in file order, with their person, account and latest version: what the
 * review list, the URL export and the bulk publish read. `after` is the last line of the previous page.
 */
export function importAudiences(
  db: Executor,
  tenantId: string,
  importId: string,
  afterLine: number,
  limit: number,
) {
  return rowsWithTargets(db, tenantId, importId)
    .leftJoin('audience_versions as v', (j) =>
      j
        .onRef('v.tenant_id', '=', 'a.tenant_id')
        .onRef('v.audience_id', '=', 'a.id')
        .onRef('v.version_number', '=', 'a.last_version_number'),
    )
    .leftJoin('messages as m', (j) =>
      j.onRef('m.tenant_id', '=', 'v.tenant_id').onRef('m.id', '=', 'v.reply_message_id'),
    )
    .select([
      'r.line',
      'r.outcome',
      'a.id as audience_id',
      'a.page_id',
      'a.route_key',
      'a.custom_name',
      'a.archived_at',
      'p.id as person_id',
      'p.name as person_name',
      'p.email as person_email',
      'c.id as account_id',
      'c.name as account_name',
      'c.domain as account_domain',
      'v.id as version_id',
      'v.status as version_status',
      'v.content as version_content',
      'm.reasoning as version_reasoning',
      'm.content as version_reply',
    ])
    .where('r.line', '>', afterLine)
    .orderBy('r.line')
    .limit(limit)
    .execute();
}

// The operator's status read runs this once per 50 lines of the job on SQLite (presentImport),
// 200 times a read for 10,000 lines, on the requests' thread, and once for the whole job on
// PostgreSQL: a fixed statement (statement.ts), not a query tree built and compiled each time.
const draftStatusCountsInRange = statement<{ status: string; n: number | string }>(
  `select "v"."status", count(*) as "n" from "import_rows" as "r"
   inner join "audiences" as "a" on "a"."tenant_id" = "r"."tenant_id" and "a"."id" = "r"."audience_id"
   inner join "audience_versions" as "v" on "v"."tenant_id" = "a"."tenant_id" and "v"."audience_id" = "a"."id"
     and "v"."version_number" = "a"."last_version_number"
   where "r"."tenant_id" = $1 and "r"."import_id" = $2 and "r"."line" > $3 and "r"."line" <= $4
   group by "v"."status"`,
);

/**
 * How the audiences of the job's lines in (afterLine, throughLine] stand: per status of each one's
 * latest version (queued/pending/processing, draft, published, failed, ...). A range of lines, so
 * the caller can count a large job in steps (presentImport); it also keeps SQLite's plan on the
 * job's lines, where for the whole job it read every version of the tenant.
 */
export async function draftStatusCounts(
  db: Executor,
  tenantId: string,
  importId: string,
  afterLine: number,
  throughLine: number,
) {
  const rows = await draftStatusCountsInRange.all(db, [tenantId, importId, afterLine, throughLine]);
  // PostgreSQL's count(*) is a bigint, which node-postgres gives as a string.
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** The job's last line that made an audience (0: none yet). */
export async function lastAudienceLine(db: Executor, tenantId: string, importId: string): Promise<number> {
  const row = await db
    .selectFrom('import_rows')
    .select(sql<number | null>`max(line)`.as('line'))
    .where('tenant_id', '=', tenantId)
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return Number(row?.line ?? 0);
}

/** Postgres takes the job's row lock; SQLite's single writer needs none. */
export function lockImport(db: Executor, tenantId: string, importId: string) {
  return db
    .selectFrom('imports')
    .select(['status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .$if(dialectOf(db) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function setImportStatus(
  db: Executor,
  tenantId: string,
  importId: string,
  status: string,
  at: number,
) {
  await db
    .updateTable('imports')
    .set({
      status,
      updated_at: at,
      ...(status === 'running'
        ? {}
        : { finished_at: at, source: null, lease_owner: null, lease_until: null }),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .execute();
}

export async function insertImportRows(db: Executor, rows: ImportRowsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('import_rows').values(rows).execute();
}

/** The audiences imports made on a page for these targets (`person:<id>`, `account:<id>`), while they exist. */
export function findImportTargets(db: Executor, tenantId: string, pageId: string, targetKeys: string[]) {
  if (targetKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('import_targets as t')
    .innerJoin('audiences as a', (j) =>
      j.onRef('a.tenant_id', '=', 't.tenant_id').onRef('a.id', '=', 't.audience_id'),
    )
    .select(['t.target_key', 't.audience_id'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.page_id', '=', pageId)
    .where('t.target_key', 'in', targetKeys)
    .execute();
}

/** Records (or, when their audience was deleted, replaces) the audiences of targets on a page, keys distinct. */
export async function upsertImportTargets(
  db: Executor,
  rows: { tenant_id: string; page_id: string; target_key: string; audience_id: string; created_at: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('import_targets')
    .values(rows)
    .onConflict((c) =>
      c
        .columns(['tenant_id', 'page_id', 'target_key'])
        .doUpdateSet((eb) => ({ audience_id: eb.ref('excluded.audience_id') })),
    )
    .execute();
}

/** The live audiences of these persons on a page, oldest first (the caller keeps each person's first). */
export function findPersonsAudiencesOnPage(
  db: Executor,
  tenantId: string,
  pageId: string,
  personIds: string[],
) {
  if (personIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('audiences')
    .select(['id', 'person_id'])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('person_id', 'in', personIds)
    .where('archived_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Takes the job's lease for `owner` until `until`: when the job runs and its lease is free, expired
 * or already this owner's. One statement, so of two claimers at once only one gets it.
 */
export async function claimImportLease(
  db: Executor,
  tenantId: string,
  importId: string,
  owner: string,
  until: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ lease_owner: owner, lease_until: until })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .where('status', '=', 'running')
    .where((eb) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_owner', '=', owner)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Extends the lease while `owner` still holds it and the job runs (in a batch's transaction, so a
 * batch commits only under the lease); false when another process took the job over or it was cancelled.
 */
export async function renewImportLease(
  db: Executor,
  tenantId: string,
  importId: string,
  owner: string,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ lease_until: until })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The distinct audiences of a job, each at the first line that names it (two account-only rows of
 * one domain share an audience), in file order after `afterLine`, with their person and account:
 * what the engagement view lists.
 */
export function importAudienceTargets(
  db: Executor,
  tenantId: string,
  importId: string,
  afterLine: number,
  limit: number,
) {
  return (
    rowsWithTargets(db, tenantId, importId)
      .select([
        'r.line',
        'a.id as audience_id',
        'a.route_key',
        'a.custom_name',
        'a.archived_at',
        'p.name as person_name',
        'p.email as person_email',
        'c.id as account_id',
        'c.name as account_name',
        'c.domain as account_domain',
      ])
      .where('r.line', '>', afterLine)
      // A scalar subquery, not NOT EXISTS: both planners run it per row on the index
      // import_rows_import_audience, where PostgreSQL, its statistics stale after a fresh import, made
      // the anti-join a scan of the job's lines for every line.
      .where('r.line', '=', (eb) =>
        eb
          .selectFrom('import_rows as e')
          .select((e) => e.fn.min<number>('e.line').as('first'))
          .whereRef('e.tenant_id', '=', 'r.tenant_id')
          .whereRef('e.import_id', '=', 'r.import_id')
          .whereRef('e.audience_id', '=', 'r.audience_id'),
      )
      .orderBy('r.line')
      .limit(limit)
      .execute()
  );
}
