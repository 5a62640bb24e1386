import type { Executor, FormSubmissionsTable } from '../../db/schema.js';
import { newestFirst, type SortKey } from '../../db/sort-key.js';

/** Every query on form submissions (src/features/forms). */

export async function findSubmissionByToken(db: Executor, tenantId: string, tokenKey: string) {
  return db
    .selectFrom('form_submissions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('token_key', '=', tokenKey)
    .executeTakeFirst();
}

/** Inserts a submission unless its token made one already (the unique index decides); false then. */
export async function insertSubmissionUnlessTokenTaken(
  db: Executor,
  row: FormSubmissionsTable,
): Promise<boolean> {
  const inserted = await db
    .insertInto('form_submissions')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'token_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findSubmission(db: Executor, tenantId: string, submissionId: string) {
  return db
    .selectFrom('form_submissions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', submissionId)
    .executeTakeFirst();
}

export interface SubmissionFilter {
  pageId: string;
  /** '' for the page itself; undefined for every audience. */
  audienceId?: string;
  includeTests: boolean;
  /** Only submissions without a verified proof of work (true), only with one (false). */
  unproven?: boolean;
}

/** One page of a page's submissions, newest first; `after` is the previous page's last sort key. */
export async function listSubmissions(
  db: Executor,
  tenantId: string,
  filter: SubmissionFilter,
  after: SortKey | null,
  limit: number,
) {
  let query = db
    .selectFrom('form_submissions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', filter.pageId);
  if (filter.audienceId !== undefined) query = query.where('audience_id', '=', filter.audienceId);
  if (!filter.includeTests) query = query.where('test', '=', 0);
  if (filter.unproven !== undefined) query = query.where('proven', '=', filter.unproven ? 0 : 1);
  return newestFirst(query, after, limit).execute();
}

/** How many submissions a filter selects (the list's totalCount; index form_submissions_page). */
export async function countPageSubmissions(db: Executor, tenantId: string, filter: SubmissionFilter) {
  let query = db
    .selectFrom('form_submissions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', filter.pageId);
  if (filter.audienceId !== undefined) query = query.where('audience_id', '=', filter.audienceId);
  if (!filter.includeTests) query = query.where('test', '=', 0);
  if (filter.unproven !== undefined) query = query.where('proven', '=', filter.unproven ? 0 : 1);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function setSubmissionTest(db: Executor, tenantId: string, submissionId: string, test: boolean) {
  return db
    .updateTable('form_submissions')
    .set({ test: test ? 1 : 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', submissionId)
    .returningAll()
    .executeTakeFirst();
}

/** Submissions (tests left out) of some audiences of a page: per audience, how many and the latest. */
export async function countSubmissionsOfAudiences(
  db: Executor,
  tenantId: string,
  pageId: string,
  audienceIds: readonly string[],
) {
  if (audienceIds.length === 0) return [];
  return db
    .selectFrom('form_submissions')
    .select((eb) => [
      'audience_id',
      eb.fn.countAll<number | string>().as('submissions'),
      eb.fn.max<number | string>('created_at').as('last_at'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('test', '=', 0)
    .where('audience_id', 'in', audienceIds)
    .groupBy('audience_id')
    .execute();
}

/** A page's submissions (tests left out) per audience and version: the conversions of engagement. */
export async function countSubmissions(db: Executor, tenantId: string, pageId: string) {
  return db
    .selectFrom('form_submissions')
    .select(['audience_id', 'version_id', (eb) => eb.fn.countAll<number | string>().as('submissions')])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('test', '=', 0)
    .groupBy(['audience_id', 'version_id'])
    .execute();
}
