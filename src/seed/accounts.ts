import type { Db } from '../db/schema.js';
import {
  createAccountLog,
  type ImportedLog,
  importAccountLogs,
} from '../features/activity/account-logs.service.js';
import { createPersonLog } from '../features/activity/person-logs.service.js';
import { createPerson } from '../features/persons/persons.service.js';

const DAY = 24 * 60 * 60 * 1000;

/** Demo companies: their history starts weeks ago, so latestActivityAt and the activity read naturally. */
const DEMO_ACCOUNTS = [
  { domain: 'analytical-engines.com', name: 'Analytical Engines Ltd', since: 30 },
  { domain: 'cobol.example.org', name: 'COBOL Foundation', since: 21 },
  { domain: 'northwind.example.com', name: 'Northwind Traders', since: 12 },
  { domain: 'initech.example.net', name: 'Initech', since: 5 },
];

/** A realistic mix of sources and types, one event every ~2 days from `since` days ago. */
function historyOf(domain: string, since: number, now: number): ImportedLog[] {
  const kinds: Omit<ImportedLog, 'createdAt'>[] = [
    {
      source: 'hubspot',
      type: 'contact-created',
      payload: { contact: { email: `info@${domain}` }, portalId: 4821 },
    },
    {
      source: 'website',
      type: 'page-view',
      payload: { path: '/pricing', referrer: 'https://www.google.com/', seconds: 94 },
    },
    {
      source: 'hubspot',
      type: 'deal-stage-changed',
      payload: { deal: { id: 90211, amount: 12500 }, from: 'qualified', to: 'proposal' },
    },
    {
      source: 'zendesk',
      type: 'ticket-opened',
      payload: { ticket: { id: 3312, subject: 'SSO set-up question' }, priority: 'normal' },
    },
    {
      source: 'stripe',
      type: 'invoice-paid',
      payload: { invoice: 'in_1Q2w3E', amount: 4900, currency: 'eur' },
    },
    {
      source: 'website',
      type: 'form-submitted',
      payload: { form: 'demo-request', fields: { teamSize: '11-50' } },
    },
  ];
  const logs: ImportedLog[] = [];
  for (let day = since - 1, i = 0; day > 0; day -= 2, i++) {
    logs.push({ ...kinds[i % kinds.length]!, createdAt: now - day * DAY + i * 61_000 });
  }
  return logs;
}

/**
 * Accounts with weeks of history, before the demo persons link to them (call it before
 * seedPersons). Returns the first account and a user-authored note on it.
 */
export async function seedAccounts(
  db: Db,
  tenantId: string,
): Promise<{ accountId: string; accountLogId: string }> {
  const now = Date.now();
  let first: { accountId: string; accountLogId: string } | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const opened = await createAccountLog(
      db,
      tenantId,
      {
        source: 'salesforce',
        type: 'account-created',
        payload: { owner: 'Sam Rivera', segment: 'mid-market' },
        domain: account.domain,
        name: account.name,
      },
      now - account.since * DAY,
    );
    const accountId = opened.record.account_id!;
    await importAccountLogs(db, tenantId, accountId, historyOf(account.domain, account.since, now));
    const note = await createAccountLog(
      db,
      tenantId,
      {
        source: 'user',
        type: 'note',
        payload: {
          text: `Intro call with ${account.name}: interested in the team plan, follow up next week.`,
          author: 'sam@quire.example',
        },
        accountId,
      },
      now - DAY / 2,
    );
    first ??= { accountId, accountLogId: note.record.id };
  }
  return first!;
}

/** More persons per account, then person logs; returns a user-authored log of `personId`. */
export async function seedPersonActivity(
  db: Db,
  tenantId: string,
  personId: string,
): Promise<{ personLogId: string }> {
  for (const person of [
    { name: 'Mary Somerville', email: 'mary@analytical-engines.com', domain: 'analytical-engines.com' },
    { name: 'Jean Sammet', email: 'jean@cobol.example.org', domain: 'cobol.example.org' },
    { name: 'Nancy Davolio', email: 'nancy@northwind.example.com', domain: 'northwind.example.com' },
    { name: 'Andrew Fuller', email: 'andrew@northwind.example.com', domain: 'northwind.example.com' },
  ]) {
    const created = await createPerson(db, tenantId, person);
    await createPersonLog(db, tenantId, created.id, {
      source: 'linkedin',
      type: 'profile-viewed',
      payload: { viewer: 'Sam Rivera', headline: `${person.name} at ${person.domain}` },
    });
  }
  await createPersonLog(db, tenantId, personId, {
    source: 'mailchimp',
    type: 'email-opened',
    payload: { campaign: 'November product update', opens: 3 },
  });
  const note = await createPersonLog(db, tenantId, personId, {
    source: 'user',
    type: 'note',
    payload: { text: 'Ada wants a demo of the audience editor for her team.', author: 'sam@quire.example' },
  });
  return { personLogId: note.record.id };
}
