import type {
  AccountsTable,
  Executor,
  ImportRejectsTable,
  ImportRowsTable,
  PersonsTable,
} from '../../db/schema.js';
import type { Traits } from '../../domain/page-blocks.js';
import { personRouteKey } from '../../domain/public-paths.js';
import { ApiError } from '../../errors.js';
import { emitEvent } from '../../outbox/emit.js';
import { findAccountsByDomainsForUpdate, setAccountName } from '../accounts/accounts.repository.js';
import { ensureAccount, linkPerson } from '../accounts/accounts.service.js';
import { mergeTraits, parseTraits } from '../accounts/traits.js';
import { storeTraits } from '../accounts/traits.repository.js';
import { announceIfQueued } from '../audiences/audience-events.js';
import { lockAudience } from '../audiences/audiences.repository.js';
import { freeRouteKey, insertAudienceIn } from '../audiences/audiences.service.js';
import { latestVersion } from '../audiences/versions.repository.js';
import { enqueueVersion } from '../audiences/versions.service.js';
import {
  fillPersonFields,
  findPersonsByEmailsForUpdate,
  updatePersonRow,
} from '../persons/persons.repository.js';
import { insertPerson } from '../persons/persons.service.js';
import { importCounters } from './import-counters.js';
import type { TargetRow } from './import-parse.js';
import {
  addToImportCounters,
  findImport,
  findImportTargets,
  findPersonsAudiencesOnPage,
  type ImportCounter,
  type ImportJob,
  insertImportRows,
  insertRejects,
  renewImportLease,
  upsertImportTargets,
} from './imports.repository.js';

/**
 * Applying a batch of an import's lines in one transaction (docs/imports.md): the persons, accounts,
 * earlier audiences of the batch are read in a few statements, the rows are applied in file order,
 * then the batch's import rows, targets, rejects and counters are written at once. The batch commits
 * only while its process holds the job's lease.
 */

export type BatchLine =
  | { line: number; target: TargetRow }
  | { line: number; rejects: { column: string; reason: string }[] };

/** How long a lease lasts without renewal; every batch renews it. */
export const IMPORT_LEASE_MS = 30_000;

/** The batch's process lost the job's lease to another: it stops, the other goes on. */
export class LeaseLost extends Error {
  constructor() {
    super('another process took over this import');
  }
}

type Counts = Partial<Record<ImportCounter, number>>;

/**
 * What one run of a job remembers from batch to batch: the accounts its rows changed (a later row
 * of the same account re-drafts its audience too, though the account is no longer changed by it)
 * and the audiences it re-drafted (once each). A batch works on a copy, kept only once it commits.
 */
export interface RunMemory {
  changedAccounts: ReadonlySet<string>;
  redrafted: ReadonlySet<string>;
}

export const freshRunMemory = (): RunMemory => ({ changedAccounts: new Set(), redrafted: new Set() });

/** What the batch read up front, and what its rows found or made as they went. */
interface Batch {
  job: ImportJob;
  now: number;
  accounts: Map<string, AccountsTable>;
  persons: Map<string, PersonsTable>;
  /** target key -> audience id: the import_targets rows, then those the batch adds. */
  targets: Map<string, string>;
  /** person id -> their oldest live audience on the page. */
  personAudiences: Map<string, string>;
  newTargets: Map<string, string>;
  changedAccounts: Set<string>;
  redrafted: Set<string>;
  rows: ImportRowsTable[];
  rejects: ImportRejectsTable[];
  counts: Counts;
}

/**
 * Applies `lines` (good rows and rows refused by the parser) in `tx`: every good row's account,
 * person and audience, the job's records and counters, and an `import.progress` event. A service
 * refusal or a unique violation throws (the caller retries the lines one by one, so only the faulty
 * row becomes a reject). Returns the job as it stands after the batch, and the run's memory after it.
 */
export async function applyBatch(
  tx: Executor,
  job: ImportJob,
  owner: string,
  lines: BatchLine[],
  memory: RunMemory = freshRunMemory(),
): Promise<{ job: ImportJob; memory: RunMemory }> {
  const { tenant_id: tenantId, page_id: pageId } = job;
  const now = Date.now();
  if (!(await renewImportLease(tx, tenantId, job.id, owner, now + IMPORT_LEASE_MS))) throw new LeaseLost();
  const targets = lines.flatMap((l) => ('target' in l ? [l.target] : []));
  const domains = [...new Set(targets.flatMap((t) => (t.account === null ? [] : [t.account.domain])))];
  const emails = [
    ...new Set(targets.flatMap((t) => (t.person === null ? [] : [t.person.email.toLowerCase()]))),
  ];
  const [accountRows, personRows] = await Promise.all([
    findAccountsByDomainsForUpdate(tx, tenantId, domains),
    findPersonsByEmailsForUpdate(tx, tenantId, emails),
  ]);
  const batch: Batch = {
    job,
    now,
    accounts: new Map(accountRows.map((a) => [a.domain, a])),
    persons: new Map(),
    targets: new Map(),
    personAudiences: new Map(),
    newTargets: new Map(),
    changedAccounts: new Set(memory.changedAccounts),
    redrafted: new Set(memory.redrafted),
    rows: [],
    rejects: [],
    counts: {},
  };
  for (const p of personRows) {
    const key = p.email!.toLowerCase();
    if (!batch.persons.has(key)) batch.persons.set(key, p);
  }
  const keys = [
    ...[...batch.persons.values()].map((p) => `person:${p.id}`),
    ...[...batch.accounts.values()].map((a) => `account:${a.id}`),
  ];
  const [targetRows, audienceRows] = await Promise.all([
    findImportTargets(tx, tenantId, pageId, keys),
    findPersonsAudiencesOnPage(
      tx,
      tenantId,
      pageId,
      [...batch.persons.values()].map((p) => p.id),
    ),
  ]);
  for (const t of targetRows) batch.targets.set(t.target_key, t.audience_id);
  for (const a of audienceRows)
    if (!batch.personAudiences.has(a.person_id!)) batch.personAudiences.set(a.person_id!, a.id);

  for (const l of lines) {
    // Between rows, the event loop serves other requests: on SQLite every statement is synchronous
    // and their awaits are microtasks, so a batch would otherwise hold the process until it ends.
    // Only a turn: a longer pause inside the transaction would hold SQLite's one writer connection,
    // which every other write (and read outside the reader connection) waits for.
    await new Promise((resolve) => setImmediate(resolve));
    if ('target' in l) await applyRow(tx, batch, l.target);
    else {
      batch.rejects.push(
        ...l.rejects.map((r) => ({
          tenant_id: tenantId,
          import_id: job.id,
          line: l.line,
          column_name: r.column,
          reason: r.reason.slice(0, 500),
        })),
      );
      add(batch.counts, { rows_read: 1, rejects_count: 1 });
    }
  }
  await insertImportRows(tx, batch.rows);
  await insertRejects(tx, batch.rejects);
  await upsertImportTargets(
    tx,
    [...batch.newTargets].map(([target_key, audience_id]) => ({
      tenant_id: tenantId,
      page_id: pageId,
      target_key,
      audience_id,
      created_at: now,
    })),
  );
  const last = Math.max(...lines.map((l) => l.line));
  await addToImportCounters(tx, tenantId, job.id, batch.counts, last, now);
  const after = (await findImport(tx, tenantId, job.id))!;
  await emitImportEvent(tx, 'import.progress', after, now);
  return { job: after, memory: { changedAccounts: batch.changedAccounts, redrafted: batch.redrafted } };
}

/** `import.progress` (after every batch) and `import.finished`: the job's counters, no personal data. */
export async function emitImportEvent(
  tx: Executor,
  type: 'import.progress' | 'import.finished',
  job: ImportJob,
  at: number,
): Promise<void> {
  await emitEvent(
    tx,
    job.tenant_id,
    {
      type,
      data: {
        importId: job.id,
        pageId: job.page_id,
        status: job.status,
        ...importCounters(job),
        error: job.error,
      },
    },
    at,
  );
}

function add(counts: Counts, deltas: Counts): void {
  for (const [key, delta] of Object.entries(deltas) as [ImportCounter, number][])
    counts[key] = (counts[key] ?? 0) + delta;
}

function sameTraits(a: Traits, b: Traits): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** One good row: its account, its person, its audience on the page (found or made), its counts. */
async function applyRow(tx: Executor, batch: Batch, target: TargetRow): Promise<void> {
  const { tenant_id: tenantId, page_id: pageId } = batch.job;
  const now = batch.now;
  const counts: Counts = { rows_read: 1 };
  let changed = false;
  let account: { id: string; name: string } | null = null;
  if (target.account !== null) {
    const { domain, name, traits } = target.account;
    let row = batch.accounts.get(domain);
    if (row === undefined) {
      row = await ensureAccount(tx, tenantId, domain, name ?? domain, now);
      counts.accounts_created = 1;
    }
    let updated = false;
    const before = parseTraits(row.traits);
    const merged = mergeTraits(before, traits);
    if (merged === null) throw ApiError.invalidField('/traits', 'the account would have more than 50 traits');
    if (!sameTraits(merged, before)) {
      const json = JSON.stringify(merged);
      await storeTraits(tx, 'accounts', tenantId, row.id, json, now);
      row = { ...row, traits: json, updated_at: now };
      updated = true;
    }
    // An account still named after its domain takes the file's company; an operator's name stays.
    if (name !== null && row.name === row.domain && name !== row.name) {
      await setAccountName(tx, tenantId, row.id, name, now);
      row = { ...row, name, updated_at: now };
      updated = true;
    }
    batch.accounts.set(domain, row);
    if (updated && counts.accounts_created === undefined) {
      counts.accounts_updated = 1;
      batch.changedAccounts.add(row.id);
    }
    changed ||= updated;
    account = { id: row.id, name: row.name };
  }
  let person: { id: string; slug: string } | null = null;
  if (target.person !== null) {
    const input = target.person;
    const key = input.email.toLowerCase();
    const row = batch.persons.get(key);
    if (row === undefined) {
      const made = await insertPerson(
        tx,
        tenantId,
        {
          name: input.name,
          email: input.email,
          ...(input.phoneNumber === undefined ? {} : { phoneNumber: input.phoneNumber }),
          ...(input.linkedinProfileUrl === undefined ? {} : { linkedinProfileUrl: input.linkedinProfileUrl }),
          traits: input.traits as Record<string, string>,
        },
        target.account?.domain ?? null,
        now,
      );
      batch.persons.set(key, made);
      counts.persons_created = 1;
      person = { id: made.id, slug: made.slug };
    } else {
      let updated = false;
      const changes: Parameters<typeof updatePersonRow>[3] = {};
      if (row.name !== input.name) changes.name = input.name;
      if (input.phoneNumber !== undefined && row.phone_number !== input.phoneNumber)
        changes.phone_number = input.phoneNumber;
      if (input.linkedinProfileUrl !== undefined && row.linkedin_profile_url !== input.linkedinProfileUrl)
        changes.linkedin_profile_url = input.linkedinProfileUrl;
      if (Object.keys(changes).length > 0) {
        await updatePersonRow(tx, tenantId, row.id, { ...changes, updated_at: now });
        updated = true;
      }
      const before = parseTraits(row.traits);
      const merged = mergeTraits(before, input.traits);
      if (merged === null)
        throw ApiError.invalidField('/traits', 'the person would have more than 50 traits');
      if (!sameTraits(merged, before)) {
        await storeTraits(tx, 'persons', tenantId, row.id, JSON.stringify(merged), now);
        updated = true;
      }
      // A person without a domain joins the file's account (as a form's lead does); one with a domain keeps it.
      if (row.domain === null && account !== null && target.account !== null) {
        await fillPersonFields(tx, tenantId, row.id, {
          domain: target.account.domain,
          account_id: account.id,
          updated_at: now,
        });
        await linkPerson(tx, tenantId, account.id, now);
        updated = true;
      }
      if (updated) counts.persons_updated = 1;
      changed ||= updated;
      person = { id: row.id, slug: row.slug };
    }
  }
  const targetKey = person !== null ? `person:${person.id}` : `account:${account!.id}`;
  let audienceId = batch.targets.get(targetKey);
  const recorded = audienceId !== undefined;
  if (audienceId === undefined && person !== null) audienceId = batch.personAudiences.get(person.id);
  let created = false;
  if (audienceId === undefined) {
    const made =
      person !== null
        ? await insertAudienceIn(tx, tenantId, pageId, { personId: person.id }, personRouteKey(person.slug))
        : await insertAudienceIn(
            tx,
            tenantId,
            pageId,
            { customName: account!.name },
            await freeRouteKey(tx, tenantId, pageId, account!.name),
          );
    audienceId = made.audience.id;
    counts.audiences_created = 1;
    created = true;
  }
  if (!recorded) {
    batch.targets.set(targetKey, audienceId);
    batch.newTargets.set(targetKey, audienceId);
  }
  // The audience's draft was written from the fields and traits this row (or an earlier row of its
  // account) just changed: it gets a new version, as a message asking for one would.
  const stale = changed || (account !== null && batch.changedAccounts.has(account.id));
  if (!created && stale && !batch.redrafted.has(audienceId)) {
    batch.redrafted.add(audienceId);
    if (await redraft(tx, tenantId, audienceId)) counts.drafts_requeued = 1;
  }
  const outcome =
    created || counts.persons_created || counts.accounts_created
      ? 'created'
      : changed
        ? 'updated'
        : 'unchanged';
  if (outcome === 'unchanged') counts.rows_unchanged = 1;
  batch.rows.push({
    tenant_id: tenantId,
    import_id: batch.job.id,
    line: target.line,
    audience_id: audienceId,
    person_id: person?.id ?? null,
    account_id: account?.id ?? null,
    outcome,
  });
  add(batch.counts, counts);
}

/**
 * Queues the audience's next version through the version lifecycle (the audience's lock, `queued`
 * or `pending` behind one being drafted, `version.queued`), as POST .../versions does. Not for an
 * archived audience, nor one whose latest version still waits for the agent: that one reads the
 * traits when it is drafted, so it already gets the new ones.
 */
async function redraft(tx: Executor, tenantId: string, audienceId: string): Promise<boolean> {
  const audience = await lockAudience(tx, tenantId, audienceId);
  if (audience === undefined || audience.archived_at !== null) return false;
  const latest = await latestVersion(tx, tenantId, audienceId);
  if (latest !== undefined && (latest.status === 'queued' || latest.status === 'pending')) return false;
  const version = await enqueueVersion(tx, audience);
  await announceIfQueued(tx, audience, version);
  return true;
}
