import { sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { Executor, ImportRejectsTable, ImportRowsTable, ImportsTable } from '../../db/schema.js';

/** SQL of target-list imports (docs/imports.md); every query scoped by tenant first. */

export async function insertImport(db: Executor, row: ImportsTable): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

export function findImport(db: Executor, tenantId: string, importId: string) {
  return db
    .selectFrom('imports')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .executeTakeFirst();
}

/** The jobs of a page, newest first, after the (created_at, id) of `after`. */
export function listImports(
  db: Executor,
  tenantId: string,
  pageId: string,
  after: [number, string] | null,
  limit: number,
) {
  let query = db
    .selectFrom('imports')
    .select([
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
      'rejects_count',
      'error',
      'created_at',
      'updated_at',
      'finished_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId);
  if (after !== null) query = query.where(sql<boolean>`(created_at, id) < (${after[0]}, ${after[1]})`);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Jobs left `running` and still since `before` (a process stopped mid-import): resumed by a worker. */
export function stalledImports(db: Executor, before: number, tenantId?: string) {
  return db
    .selectFrom('imports')
    .select(['tenant_id', 'id'])
    .where('status', '=', 'running')
    .where('updated_at', '<=', before)
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
    .set({ status, error, source: null, finished_at: at, updated_at: at })
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

export async function insertImportRow(db: Executor, row: ImportRowsTable): Promise<void> {
  await db.insertInto('import_rows').values(row).execute();
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

/** The audience an import made for a person or account on a page, while that audience exists. */
export function findImportTarget(db: Executor, tenantId: string, pageId: string, targetKey: string) {
  return db
    .selectFrom('import_targets as t')
    .innerJoin('audiences as a', (j) =>
      j.onRef('a.tenant_id', '=', 't.tenant_id').onRef('a.id', '=', 't.audience_id'),
    )
    .select('t.audience_id')
    .where('t.tenant_id', '=', tenantId)
    .where('t.page_id', '=', pageId)
    .where('t.target_key', '=', targetKey)
    .executeTakeFirst();
}

/** Records (or, when its audience was deleted, replaces) the audience of a person or account on a page. */
export async function upsertImportTarget(
  db: Executor,
  row: { tenant_id: string; page_id: string; target_key: string; audience_id: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('import_targets')
    .values(row)
    .onConflict((c) =>
      c.columns(['tenant_id', 'page_id', 'target_key']).doUpdateSet({ audience_id: row.audience_id }),
    )
    .execute();
}

/** The oldest live audience of a person on a page (made in the console or by the API). */
export function findPersonAudienceOnPage(db: Executor, tenantId: string, pageId: string, personId: string) {
  return db
    .selectFrom('audiences')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('person_id', '=', personId)
    .where('archived_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
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
    .where('r.tenant_id', '=', tenantId)
    .where('r.import_id', '=', importId)
    .where('r.line', '>', afterLine)
    .orderBy('r.line')
    .limit(limit)
    .execute();
}

/**
 * How the job's audiences' drafts stand: per status of each audience's latest version
 * (queued/pending/processing, draft, published, failed, ...).
 */
export async function draftStatusCounts(db: Executor, tenantId: string, importId: string) {
  const rows = await db
    .selectFrom('import_rows as r')
    .innerJoin('audiences as a', (j) =>
      j.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.audience_id'),
    )
    .innerJoin('audience_versions as v', (j) =>
      j
        .onRef('v.tenant_id', '=', 'a.tenant_id')
        .onRef('v.audience_id', '=', 'a.id')
        .onRef('v.version_number', '=', 'a.last_version_number'),
    )
    .select(['v.status', sql<number>`count(*)`.as('n')])
    .where('r.tenant_id', '=', tenantId)
    .where('r.import_id', '=', importId)
    .groupBy('v.status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
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
    .set({ status, updated_at: at, ...(status === 'running' ? {} : { finished_at: at, source: null }) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', importId)
    .execute();
}
