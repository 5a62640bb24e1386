import { createHash } from 'node:crypto';
import { addToCounter } from '../../db/counters.repository.js';
import { lockForTransaction } from '../../db/locks.js';
import type { Db, FormSubmissionsTable, PersonLogsTable, PersonsTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { newId } from '../../ids.js';
import { emitEvent } from '../../outbox/emit.js';
import { toIso } from '../../time.js';
import { moveLatestActivity } from '../accounts/accounts.repository.js';
import { ensureAccount, linkPerson, logCounter } from '../accounts/accounts.service.js';
import { insertLogUnlessKeyTaken } from '../activity/logs.repository.js';
import { fillPersonFields, findPersonByEmail } from '../persons/persons.repository.js';
import { insertPerson } from '../persons/persons.service.js';
import { emailDomain, type FormValues } from './form-input.js';
import { tokenKey } from './form-token.js';
import { findSubmissionByToken, insertSubmissionUnlessTokenTaken } from './forms.repository.js';

/** A checked submission of a page's form (serve-form.ts made every check before this). */
export interface Submission {
  tenantId: string;
  pageId: string;
  pageSlug: string;
  /** '' for the page itself. */
  audienceId: string;
  versionId: string | null;
  blockId: string;
  token: string;
  values: FormValues & { email: string };
  /** The consent box as shown: its exact text, whether ticked; null when the form has none. */
  consent: { text: string; ticked: boolean } | null;
  utm: Record<string, string>;
  referrerHost: string | null;
  proven: boolean;
}

export type SubmitOutcome =
  | { kind: 'created' | 'repeated'; submission: FormSubmissionsTable }
  /** The token made a submission with other fields: refused like any other check. */
  | { kind: 'token_used' };

export const FORM_SOURCE = 'quire';
export const FORM_LOG_TYPE = 'form-submitted';

function fingerprintOf(submission: Submission): string {
  return createHash('sha256')
    .update(JSON.stringify([submission.values, submission.consent?.ticked ?? null]))
    .digest('base64url');
}

/**
 * Writes a lead before the visitor is answered, in one transaction (docs/forms.md): the person of
 * the email (created, or only its empty members filled), the account of the email's domain (by the
 * rules of /v0 account logs: created if new), the person log `form-submitted`, the submission and
 * its `form.submitted` event. A token makes one submission: the same token with the same fields
 * answers the first one (a double click, a retried POST, twenty at once), with other fields it is
 * refused.
 */
export async function submitForm(db: Db, submission: Submission, at = Date.now()): Promise<SubmitOutcome> {
  // A visitor without JavaScript posts the token its cached page shares with other visitors
  // (src/features/hosted/serve-form.ts): an unproven submission is one per token and email.
  const key = tokenKey(
    submission.proven ? submission.token : `${submission.token}\n${submission.values.email.toLowerCase()}`,
  );
  const fingerprint = fingerprintOf(submission);
  const { tenantId } = submission;
  return writeTransaction(db, async (tx) => {
    // Parallel repeats of one token queue here (PostgreSQL); the unique index still decides.
    await lockForTransaction(tx, `form-token:${tenantId}:${key}`);
    const earlier = await findSubmissionByToken(tx, tenantId, key);
    if (earlier !== undefined) {
      return earlier.fingerprint === fingerprint
        ? { kind: 'repeated', submission: earlier }
        : { kind: 'token_used' };
    }
    const email = submission.values.email;
    const domain = emailDomain(email);
    await lockForTransaction(tx, `person-email:${tenantId}:${email.toLowerCase()}`);
    const person = await leadPerson(tx, submission, domain, at);
    const consent =
      submission.consent === null
        ? null
        : { ...submission.consent, at: toIso(at), pageVersionId: submission.versionId };
    const { email: _email, ...others } = submission.values;
    const payload = {
      pageId: submission.pageId,
      pageSlug: submission.pageSlug,
      audienceId: submission.audienceId === '' ? null : submission.audienceId,
      versionId: submission.versionId,
      formId: submission.blockId,
      fields: submission.values,
      consent,
      utm: submission.utm,
      referrerHost: submission.referrerHost,
      proven: submission.proven,
    };
    const log: PersonLogsTable = {
      tenant_id: tenantId,
      id: newId('personlog'),
      person_id: person.id,
      account_id: person.account_id,
      source: FORM_SOURCE,
      type: FORM_LOG_TYPE,
      // Anyone with the page's link can send this: the agent weighs it as such.
      payload: JSON.stringify({ ...payload, visitorMade: true }),
      idempotency_key: null,
      request_fingerprint: null,
      created_at: at,
      updated_at: null,
      deleted_at: null,
    };
    await insertLogUnlessKeyTaken(tx, 'person_logs', log);
    if (person.account_id !== null) {
      await moveLatestActivity(tx, tenantId, person.account_id, at);
      await addToCounter(tx, tenantId, logCounter(person.account_id, 'person_logs', 'live'), 1);
    }
    const row: FormSubmissionsTable = {
      tenant_id: tenantId,
      id: newId('formsubmission'),
      page_id: submission.pageId,
      audience_id: submission.audienceId,
      version_id: submission.versionId,
      block_id: submission.blockId,
      person_id: person.id,
      account_id: person.account_id,
      person_log_id: log.id,
      email,
      fields: JSON.stringify(others),
      consent: consent === null ? null : JSON.stringify(consent),
      utm: JSON.stringify(submission.utm),
      referrer_host: submission.referrerHost,
      proven: submission.proven ? 1 : 0,
      test: 0,
      token_key: key,
      fingerprint,
      created_at: at,
    };
    if (!(await insertSubmissionUnlessTokenTaken(tx, row))) {
      // Only when the lock above is a no-op and another writer won: undo this one's writes.
      throw new Error('form token taken concurrently');
    }
    await emitEvent(
      tx,
      tenantId,
      {
        type: 'form.submitted',
        audienceId: row.audience_id === '' ? null : row.audience_id,
        data: {
          submissionId: row.id,
          ...payload,
          email,
          personId: person.id,
          accountId: person.account_id,
          personLogId: log.id,
          occurredAt: toIso(at),
        },
      },
      at,
    );
    return { kind: 'created', submission: row };
  });
}

/**
 * The person of the lead's email: an existing one keeps every member it has (what an operator or
 * integrator set is never overwritten) and gains the ones it lacked; else a new person.
 */
async function leadPerson(
  tx: Parameters<Parameters<typeof writeTransaction>[1]>[0],
  submission: Submission,
  domain: string | null,
  at: number,
): Promise<PersonsTable> {
  const { tenantId, values } = submission;
  const traits: Record<string, string> = {};
  if (values.company !== undefined) traits.company = values.company;
  if (values.jobTitle !== undefined) traits.jobTitle = values.jobTitle;
  const found = await findPersonByEmail(tx, tenantId, values.email);
  if (found === undefined) {
    return insertPerson(
      tx,
      tenantId,
      {
        name: values.name ?? values.email,
        email: values.email,
        ...(values.phone === undefined ? {} : { phoneNumber: values.phone }),
        traits,
      },
      domain,
      at,
    );
  }
  const changes: Parameters<typeof fillPersonFields>[3] = {};
  if (found.phone_number === null && values.phone !== undefined) changes.phone_number = values.phone;
  const known = JSON.parse(found.traits) as Record<string, unknown>;
  const added = Object.entries(traits).filter(([name]) => known[name] === undefined || known[name] === '');
  if (added.length > 0) changes.traits = JSON.stringify({ ...known, ...Object.fromEntries(added) });
  if (found.account_id === null && domain !== null) {
    const account = await ensureAccount(tx, tenantId, domain, domain, at);
    await linkPerson(tx, tenantId, account.id, at);
    changes.account_id = account.id;
    if (found.domain === null) changes.domain = domain;
  }
  if (Object.keys(changes).length === 0) return found;
  await fillPersonFields(tx, tenantId, found.id, { ...changes, updated_at: at });
  return { ...found, ...changes, updated_at: at };
}
