import type { Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { newId } from '../../ids.js';
import { emitEvent, type OutgoingEvent } from '../../outbox/emit.js';
import { toIso } from '../../time.js';
import { createPersonLog } from '../activity/person-logs.service.js';
import { submissionCounts, submissionCountsOfAudiences } from '../forms/submissions.service.js';
import {
  countAudienceEvents,
  countEventsOfAudiences,
  countPageEvents,
  hasRecentEvent,
  insertPageEvent,
} from './hosted.repository.js';

/** One visitor's view counts once per audience per 30 minutes. */
export const VIEW_WINDOW_MS = 30 * 60_000;
export const QUIRE_SOURCE = 'quire';

export interface EngagementEvent {
  tenantId: string;
  pageId: string;
  pageSlug: string;
  /** null for the page itself. */
  audience: { id: string; personId: string | null } | null;
  versionId: string | null;
  visitorHash: string;
  referrer: string | null;
  query: string | null;
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export function referrerHost(referrer: string | null): string | null {
  if (referrer === null || referrer === '') return null;
  try {
    return new URL(referrer).host || null;
  } catch {
    return null;
  }
}

/** A visitor chooses the UTM text: at most this many characters of it are kept. */
export const MAX_UTM_LENGTH = 100;
/** Control and format characters (bidirectional overrides, zero-width ones) that disguise text. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

/**
 * The UTM parameters of the visitor's query: attacker-chosen text that reaches account activity,
 * webhooks, events and the page agent, so it is bounded and stripped of invisible characters.
 */
export function utm(query: string | null): Record<string, string> {
  const params = new URLSearchParams((query ?? '').slice(0, 2048));
  const out: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
    if (value !== undefined && value !== '') out[key.slice(4)] = value.slice(0, MAX_UTM_LENGTH);
  }
  return out;
}

async function record(
  db: Db,
  event: EngagementEvent,
  kind: 'view' | 'click',
  actionId: string | null,
  now: number,
) {
  await writeTransaction(db, async (tx) => {
    await insertPageEvent(tx, {
      tenant_id: event.tenantId,
      id: newId('pageevent'),
      page_id: event.pageId,
      audience_id: event.audience?.id ?? '',
      version_id: event.versionId,
      kind,
      action_id: actionId,
      visitor_hash: event.visitorHash,
      created_at: now,
    });
    await emitEvent(tx, event.tenantId, engagementEvent(event, kind, actionId, now), now);
  });
  // A person's page: the event becomes activity of the person, so the account and the agent see it.
  if (event.audience?.personId) {
    await createPersonLog(
      db,
      event.tenantId,
      event.audience.personId,
      {
        source: QUIRE_SOURCE,
        type: kind === 'view' ? 'page-viewed' : 'cta-clicked',
        payload: {
          pageId: event.pageId,
          pageSlug: event.pageSlug,
          audienceId: event.audience.id,
          versionId: event.versionId,
          ...(actionId === null ? {} : { actionId }),
          referrerHost: referrerHost(event.referrer),
          utm: utm(event.query),
          // Anyone with the page's link can make this: the agent weighs it as such.
          visitorMade: true,
        },
      },
      now,
    );
  }
}

/**
 * `page.viewed` / `cta.clicked`: which page, audience, version and button, and where the visitor
 * came from; nothing that identifies the visitor.
 */
function engagementEvent(
  event: EngagementEvent,
  kind: 'view' | 'click',
  actionId: string | null,
  now: number,
): OutgoingEvent {
  return {
    type: kind === 'view' ? 'page.viewed' : 'cta.clicked',
    audienceId: event.audience?.id ?? null,
    data: {
      pageId: event.pageId,
      pageSlug: event.pageSlug,
      audienceId: event.audience?.id ?? null,
      personId: event.audience?.personId ?? null,
      versionId: event.versionId,
      ...(actionId === null ? {} : { actionId }),
      referrerHost: referrerHost(event.referrer),
      utm: utm(event.query),
      occurredAt: toIso(now),
    },
  };
}

/** Records a view unless the visitor's last one of this audience is under 30 minutes old. */
export async function recordView(db: Db, event: EngagementEvent, now = Date.now()): Promise<boolean> {
  const audienceId = event.audience?.id ?? '';
  const since = now - VIEW_WINDOW_MS;
  if (await hasRecentEvent(db, event.tenantId, audienceId, event.visitorHash, { kind: 'view' }, since))
    return false;
  await record(db, event, 'view', null, now);
  return true;
}

/**
 * Records a click unless the visitor clicked the same button of this audience in the last 30
 * minutes: like views, so reloading a link cannot flood a person's timeline (issue 29).
 */
export async function recordClick(
  db: Db,
  event: EngagementEvent,
  actionId: string,
  now = Date.now(),
): Promise<boolean> {
  const audienceId = event.audience?.id ?? '';
  const since = now - VIEW_WINDOW_MS;
  if (
    await hasRecentEvent(
      db,
      event.tenantId,
      audienceId,
      event.visitorHash,
      { kind: 'click', actionId },
      since,
    )
  )
    return false;
  await record(db, event, 'click', actionId, now);
  return true;
}

export interface EngagementCounts {
  audienceId: string | null;
  versionId: string | null;
  views: number;
  uniqueVisitors: number;
  clicks: number;
  /** clicks / views, 0 without views. */
  clickThroughRate: number;
  /** Form submissions, tests left out. */
  submissions: number;
  /** submissions / views, 0 without views. */
  conversionRate: number;
}

/** A page's counts per audience (null: the page itself) and version. */
export async function pageEngagement(db: Db, tenantId: string, pageId: string): Promise<EngagementCounts[]> {
  return tally(await countPageEvents(db, tenantId, pageId), await submissionCounts(db, tenantId, pageId));
}

/** A page's counts per audience, its versions together (`versionId` null; visitors distinct). */
export async function audienceEngagement(
  db: Db,
  tenantId: string,
  pageId: string,
): Promise<EngagementCounts[]> {
  return tally(
    (await countAudienceEvents(db, tenantId, pageId)).map((row) => ({ ...row, version_id: null })),
    (await submissionCounts(db, tenantId, pageId)).map((row) => ({ ...row, versionId: null })),
  );
}

function tally(
  rows: {
    audience_id: string;
    version_id: string | null;
    kind: string;
    events: number | string;
    visitors: number | string;
  }[],
  submissions: { audienceId: string; versionId: string | null; submissions: number }[],
): EngagementCounts[] {
  const byKey = new Map<string, EngagementCounts>();
  const entry = (audienceId: string, versionId: string | null) => {
    const key = `${audienceId}|${versionId ?? ''}`;
    const counts = byKey.get(key) ?? {
      audienceId: audienceId === '' ? null : audienceId,
      versionId,
      views: 0,
      uniqueVisitors: 0,
      clicks: 0,
      clickThroughRate: 0,
      submissions: 0,
      conversionRate: 0,
    };
    byKey.set(key, counts);
    return counts;
  };
  for (const row of submissions) entry(row.audienceId, row.versionId).submissions += row.submissions;
  for (const row of rows) {
    const counts = entry(row.audience_id, row.version_id);
    if (row.kind === 'view') {
      counts.views = Number(row.events);
      counts.uniqueVisitors = Number(row.visitors);
    } else {
      counts.clicks = Number(row.events);
    }
  }
  const rate = (n: number, views: number) => (views === 0 ? 0 : Math.round((n / views) * 10_000) / 10_000);
  for (const counts of byKey.values()) {
    counts.clickThroughRate = rate(counts.clicks, counts.views);
    counts.conversionRate = rate(counts.submissions, counts.views);
  }
  return [...byKey.values()];
}

/** What visitors did on one audience's page, its versions together. */
export interface AudienceActivity {
  views: number;
  uniqueVisitors: number;
  clicks: number;
  submissions: number;
  /** The latest view, click or submission (epoch ms); null when none. */
  lastSeenAt: number | null;
}

/**
 * Views, clicks and form submissions (tests left out) of some audiences of a page, by audience id:
 * an audience nobody visited is in the map with zeros. Two statements, whatever the count.
 */
export async function engagementOfAudiences(
  db: Db,
  tenantId: string,
  pageId: string,
  audienceIds: readonly string[],
): Promise<Map<string, AudienceActivity>> {
  const byAudience = new Map<string, AudienceActivity>(
    audienceIds.map((id) => [
      id,
      { views: 0, uniqueVisitors: 0, clicks: 0, submissions: 0, lastSeenAt: null },
    ]),
  );
  const seen = (activity: AudienceActivity, at: number) => {
    activity.lastSeenAt = Math.max(activity.lastSeenAt ?? 0, at);
  };
  for (const row of await countEventsOfAudiences(db, tenantId, pageId, audienceIds)) {
    const activity = byAudience.get(row.audience_id);
    if (activity === undefined) continue;
    if (row.kind === 'view') {
      activity.views = Number(row.events);
      activity.uniqueVisitors = Number(row.visitors);
    } else activity.clicks = Number(row.events);
    seen(activity, Number(row.last_at));
  }
  for (const row of await submissionCountsOfAudiences(db, tenantId, pageId, audienceIds)) {
    const activity = byAudience.get(row.audienceId);
    if (activity === undefined) continue;
    activity.submissions = row.submissions;
    seen(activity, row.lastAt);
  }
  return byAudience;
}
