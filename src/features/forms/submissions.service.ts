import type { Db } from '../../db/schema.js';
import { FORM_FIELD_KINDS } from '../../domain/page-blocks.js';
import { ApiError } from '../../errors.js';
import { csvCell } from '../../lists/csv.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { getPage } from '../pages/pages.service.js';
import {
  countPageSubmissions,
  countSubmissions,
  countSubmissionsOfAudiences,
  listSubmissions as listSubmissionRows,
  type SubmissionFilter,
  setSubmissionTest,
} from './forms.repository.js';
import { type FormSubmission, toSubmission } from './forms.schemas.js';

/** Operator reads and marks of form submissions: the admin API, `quire forms ...`, the console. */
export interface SubmissionQuery {
  audienceId?: string;
  includeTests?: boolean;
  unproven?: boolean;
}

function filterOf(pageId: string, query: SubmissionQuery): SubmissionFilter {
  return {
    pageId,
    ...(query.audienceId === undefined
      ? {}
      : { audienceId: query.audienceId === 'page' ? '' : query.audienceId }),
    includeTests: query.includeTests === true,
    ...(query.unproven === undefined ? {} : { unproven: query.unproven }),
  };
}

export async function listSubmissions(
  db: Db,
  tenantId: string,
  pageId: string,
  query: SubmissionQuery & PageRequest,
): Promise<Page<FormSubmission>> {
  const page = await getPage(db, tenantId, pageId);
  const { cursor, limit, ...filters } = query;
  const filter = filterOf(page.id, filters);
  return keysetPage(
    { ...(cursor === undefined ? {} : { cursor }), ...(limit === undefined ? {} : { limit }) },
    {
      shape: ['number', 'string'], // created_at desc, id desc
      filters: { ...filters },
      fetch: (after, size) => listSubmissionRows(db, tenantId, filter, after, size),
      count: () => countPageSubmissions(db, tenantId, filter),
      keyOf: (row) => [Number(row.created_at), row.id],
      map: toSubmission,
    },
  );
}

const CSV_COLUMNS = [
  'submissionId',
  'createdAt',
  'audienceId',
  'versionId',
  'formId',
  // A column per field a form may ask for, in their order (email first).
  ...FORM_FIELD_KINDS,
  'consentText',
  'consentTicked',
  'consentAt',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'referrerHost',
  'proven',
  'test',
  'personId',
  'accountId',
] as const;

/**
 * A page's submissions as CSV (RFC 4180), newest first, every cell neutralised against formula
 * injection (lists/csv.ts). Read page by page, so an export of any size holds one page in memory.
 */
export async function* exportSubmissionsCsv(
  db: Db,
  tenantId: string,
  pageId: string,
  query: SubmissionQuery,
): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let cursor: string | undefined;
  do {
    const page = await listSubmissions(db, tenantId, pageId, {
      ...query,
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    let chunk = '';
    for (const s of page.items) {
      const values: Record<(typeof CSV_COLUMNS)[number], string | boolean | null | undefined> = {
        submissionId: s.submissionId,
        createdAt: s.createdAt,
        audienceId: s.audienceId,
        versionId: s.versionId,
        formId: s.formId,
        email: s.email,
        name: s.fields.name,
        company: s.fields.company,
        jobTitle: s.fields.jobTitle,
        phone: s.fields.phone,
        message: s.fields.message,
        choice: s.fields.choice,
        consentText: s.consent?.text,
        consentTicked: s.consent?.ticked,
        consentAt: s.consent?.at,
        utmSource: s.utm.source,
        utmMedium: s.utm.medium,
        utmCampaign: s.utm.campaign,
        utmTerm: s.utm.term,
        utmContent: s.utm.content,
        referrerHost: s.referrerHost,
        proven: s.proven,
        test: s.test,
        personId: s.personId,
        accountId: s.accountId,
      };
      chunk += `${CSV_COLUMNS.map((c) => csvCell(values[c])).join(',')}\r\n`;
    }
    yield chunk;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

export async function markSubmission(
  db: Db,
  tenantId: string,
  submissionId: string,
  test: boolean,
): Promise<FormSubmission> {
  const row = await setSubmissionTest(db, tenantId, submissionId, test);
  if (row === undefined) throw ApiError.notFound('Form submission');
  return toSubmission(row);
}

/** A page's submissions (tests left out) per audience ('' for the page) and version: its conversions. */
export async function submissionCounts(db: Db, tenantId: string, pageId: string) {
  return (await countSubmissions(db, tenantId, pageId)).map((row) => ({
    audienceId: row.audience_id,
    versionId: row.version_id,
    submissions: Number(row.submissions),
  }));
}

/** Submissions (tests left out) of some audiences of a page, and when the latest came. */
export async function submissionCountsOfAudiences(
  db: Db,
  tenantId: string,
  pageId: string,
  audienceIds: readonly string[],
) {
  return (await countSubmissionsOfAudiences(db, tenantId, pageId, audienceIds)).map((row) => ({
    audienceId: row.audience_id,
    submissions: Number(row.submissions),
    lastAt: Number(row.last_at),
  }));
}
