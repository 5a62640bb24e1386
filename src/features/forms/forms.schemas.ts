import { type Static, Type } from 'typebox';
import type { FormSubmissionsTable } from '../../db/schema.js';
import { PathId } from '../../http/common.schemas.js';
import { toIso } from '../../time.js';

/** A lead a page's form captured, as the operator API, the CLI and the console show it. */
export const FormSubmission = Type.Object(
  {
    submissionId: Type.String(),
    pageId: Type.String(),
    audienceId: Type.Union([Type.String(), Type.Null()], { description: 'null: the page itself.' }),
    versionId: Type.Union([Type.String(), Type.Null()]),
    formId: Type.String({ description: 'The form block (its blockId).' }),
    personId: Type.String(),
    accountId: Type.Union([Type.String(), Type.Null()]),
    email: Type.String(),
    fields: Type.Record(Type.String(), Type.String(), {
      description: 'name, company, jobTitle, phone (E.164), message, choice: those the visitor gave.',
    }),
    consent: Type.Union([
      Type.Object({
        text: Type.String({ description: 'The exact text shown beside the box.' }),
        ticked: Type.Boolean(),
        at: Type.String({ format: 'date-time' }),
        pageVersionId: Type.Union([Type.String(), Type.Null()]),
      }),
      Type.Null(),
    ]),
    utm: Type.Record(Type.String(), Type.String()),
    referrerHost: Type.Union([Type.String(), Type.Null()]),
    proven: Type.Boolean({
      description: 'The ALTCHA proof of work was verified; false: sent without JavaScript (docs/forms.md).',
    }),
    test: Type.Boolean({ description: 'Marked a test by an operator: left out of every count.' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'FormSubmission' },
);
export type FormSubmission = Static<typeof FormSubmission>;

export function toSubmission(row: FormSubmissionsTable): FormSubmission {
  return {
    submissionId: row.id,
    pageId: row.page_id,
    audienceId: row.audience_id === '' ? null : row.audience_id,
    versionId: row.version_id,
    formId: row.block_id,
    personId: row.person_id,
    accountId: row.account_id,
    email: row.email,
    fields: JSON.parse(row.fields),
    consent: row.consent === null ? null : JSON.parse(row.consent),
    utm: JSON.parse(row.utm),
    referrerHost: row.referrer_host,
    proven: row.proven === 1,
    test: row.test === 1,
    createdAt: toIso(Number(row.created_at)),
  };
}

export const SubmissionFilters = {
  audienceId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'One audience; `page` for the page itself.' }),
  ),
  includeTests: Type.Optional(
    Type.Boolean({ description: 'Also submissions marked a test (default false).' }),
  ),
  unproven: Type.Optional(
    Type.Boolean({ description: 'true: only those without a verified proof of work; false: only with one.' }),
  ),
};

export const AdminSubmissionPath = Type.Object({ tenant: PathId, submission_id: PathId });

export const MarkSubmissionBody = Type.Object(
  { test: Type.Boolean({ description: 'true: a test submission, left out of every count.' }) },
  { additionalProperties: false },
);
