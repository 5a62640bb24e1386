import type { Db } from '../../db/schema.js';
import { csvCell } from '../../lists/csv.js';
import { toIso } from '../../time.js';
import { type AudienceActivity, engagementOfAudiences } from '../hosted/engagement.service.js';
import { importAudienceTargets } from './imports.repository.js';
import { importWithUrls } from './imports.service.js';

/**
 * Which of an import's accounts and persons came to their page (docs/imports.md, "Engagement"):
 * per audience the page's views, clicks (the `/go/{actionId}` redirects) and form submissions as
 * the hosted pages record them (engagement.service.ts), and the job's totals.
 */

type Target = Awaited<ReturnType<typeof importAudienceTargets>>[number];

/** Audiences read per statement when the whole job is walked (totals, the CSV). */
const CHUNK = 500;

export interface EngagementTotals {
  audiences: number;
  audiencesVisited: number;
  audiencesClicked: number;
  audiencesSubmitted: number;
  accounts: number;
  accountsVisited: number;
  accountsClicked: number;
  accountsSubmitted: number;
  views: number;
  clicks: number;
  submissions: number;
}

function present(target: Target, activity: AudienceActivity, url: string | null) {
  return {
    line: Number(target.line),
    audienceId: target.audience_id,
    personName: target.person_name,
    email: target.person_email,
    accountId: target.account_id,
    accountName: target.account_name ?? (target.person_name === null ? target.custom_name : null),
    domain: target.account_domain,
    archived: target.archived_at !== null,
    publicUrl: url,
    views: activity.views,
    uniqueVisitors: activity.uniqueVisitors,
    clicks: activity.clicks,
    submissions: activity.submissions,
    lastSeenAt: activity.lastSeenAt === null ? null : toIso(activity.lastSeenAt),
  };
}
export type ImportEngagementItem = ReturnType<typeof present>;

/** Every audience of the job with its activity, `CHUNK` at a time, in file order. */
async function* everyTarget(db: Db, tenantId: string, importId: string, pageId: string) {
  let after = 0;
  for (;;) {
    const targets = await importAudienceTargets(db, tenantId, importId, after, CHUNK);
    const activity = await engagementOfAudiences(
      db,
      tenantId,
      pageId,
      targets.map((t) => t.audience_id),
    );
    for (const target of targets) yield { target, activity: activity.get(target.audience_id)! };
    if (targets.length < CHUNK) return;
    after = Number(targets.at(-1)!.line);
  }
}

async function totalsOf(db: Db, tenantId: string, importId: string, pageId: string) {
  const accounts = { all: new Set<string>(), visited: new Set(), clicked: new Set(), submitted: new Set() };
  const totals: EngagementTotals = {
    audiences: 0,
    audiencesVisited: 0,
    audiencesClicked: 0,
    audiencesSubmitted: 0,
    accounts: 0,
    accountsVisited: 0,
    accountsClicked: 0,
    accountsSubmitted: 0,
    views: 0,
    clicks: 0,
    submissions: 0,
  };
  for await (const { target, activity } of everyTarget(db, tenantId, importId, pageId)) {
    totals.audiences++;
    totals.views += activity.views;
    totals.clicks += activity.clicks;
    totals.submissions += activity.submissions;
    if (activity.views > 0) totals.audiencesVisited++;
    if (activity.clicks > 0) totals.audiencesClicked++;
    if (activity.submissions > 0) totals.audiencesSubmitted++;
    const account = target.account_id;
    if (account === null) continue;
    accounts.all.add(account);
    if (activity.views > 0) accounts.visited.add(account);
    if (activity.clicks > 0) accounts.clicked.add(account);
    if (activity.submissions > 0) accounts.submitted.add(account);
  }
  totals.accounts = accounts.all.size;
  totals.accountsVisited = accounts.visited.size;
  totals.accountsClicked = accounts.clicked.size;
  totals.accountsSubmitted = accounts.submitted.size;
  return totals;
}

/**
 * One page of the engagement view: the job's audiences after line `afterLine`, in file order, with
 * their activity; on the first page (no cursor) the job's totals too, which read every audience.
 */
export async function importEngagement(
  db: Db,
  tenantId: string,
  importId: string,
  baseUrl: string,
  afterLine: number,
  limit: number,
) {
  const { job, urlOf: url } = await importWithUrls(db, tenantId, importId, baseUrl);
  const targets = await importAudienceTargets(db, tenantId, importId, afterLine, limit + 1);
  const shown = targets.slice(0, limit);
  const activity = await engagementOfAudiences(
    db,
    tenantId,
    job.page_id,
    shown.map((t) => t.audience_id),
  );
  return {
    importId: job.id,
    pageId: job.page_id,
    totals: afterLine === 0 ? await totalsOf(db, tenantId, importId, job.page_id) : null,
    items: shown.map((t) => present(t, activity.get(t.audience_id)!, url(t.route_key))),
    nextCursor: targets.length > limit ? String(shown.at(-1)!.line) : null,
  };
}

export const ENGAGEMENT_CSV_HEADER =
  'audience_id,person,email,account,domain,url,views,unique_visitors,clicks,submissions,last_seen_at';

/** The engagement view of every audience of the job as CSV, every cell neutralised. */
export async function* importEngagementCsv(
  db: Db,
  tenantId: string,
  importId: string,
  baseUrl: string,
): AsyncGenerator<string> {
  const { job, urlOf: url } = await importWithUrls(db, tenantId, importId, baseUrl);
  yield `${ENGAGEMENT_CSV_HEADER}\r\n`;
  for await (const { target, activity } of everyTarget(db, tenantId, importId, job.page_id)) {
    const item = present(target, activity, url(target.route_key));
    yield `${[
      item.audienceId,
      item.personName,
      item.email,
      item.accountName,
      item.domain,
      item.publicUrl,
      item.views,
      item.uniqueVisitors,
      item.clicks,
      item.submissions,
      item.lastSeenAt,
    ]
      .map(csvCell)
      .join(',')}\r\n`;
  }
}
