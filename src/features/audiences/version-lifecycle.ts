/**
 * The life of an audience version, read in one place (drawn again in docs/lifecycle.md; a test
 * holds the drawing to VERSION_TRANSITIONS below).
 *
 *   (new) ──► pending ──► queued ──► processing ──► draft ──► published ──► archived
 *   (new) ──► queued                   (nothing of the audience waiting or in work)
 *   (new) ──► draft                    (an operator restores an earlier version)
 *   processing ──► queued              (a failed attempt with attempts left, a lost lease, shutdown)
 *   pending, queued ──► cancelled      (an operator cancels, or the audience is archived)
 *   processing ──► cancelled           (attempts used up, a failure another attempt would repeat, or
 *                                      the agent answered without a change: no new version)
 *   draft ──► archived                 (a newer version is published: obsolete_at is set too)
 *
 * A version starts `queued`, or `pending` behind the one of its audience in work, or (a restore)
 * straight as `draft`. Only `draft`, `published` and `archived` versions hold content. "Obsolete" is
 * not a status: a draft archived because a newer version was published keeps `obsolete_at`.
 *
 * Where each move is written (each under the audience's row lock):
 * - versions.service.ts: enqueueVersion (created → queued | pending), publishVersion
 *   (draft → published; the older published and drafts → archived), cancelVersion (operator).
 * - audience-events.ts, promoteNextPendingAndAnnounce: pending → queued when its turn comes.
 * - versions.repository.ts, claimQueued: queued → processing (a worker's lease).
 * - version-outcomes.ts: processing → draft | queued (retry, lost lease, shutdown) | cancelled.
 * - rollback.service.ts, restoreVersion: created → draft.
 * - audiences.service.ts, archiving an audience: pending | queued → cancelled.
 */
import type { AudienceVersionsTable, VersionStatus } from '../../db/schema.js';
import { newId } from '../../ids.js';

/** The statuses a version is created in. */
export const VERSION_STARTS = ['pending', 'queued', 'draft'] as const satisfies readonly VersionStatus[];

/** Every move a version can make: from each status, the statuses it may go to. */
export const VERSION_TRANSITIONS = {
  pending: ['queued', 'cancelled'],
  queued: ['processing', 'cancelled'],
  processing: ['draft', 'queued', 'cancelled'],
  draft: ['published', 'archived'],
  published: ['archived'],
  cancelled: [],
  archived: [],
} as const satisfies Record<VersionStatus, readonly VersionStatus[]>;

/** The statuses from which a version may move to `To` (transitionVersion checks its callers with it). */
export type StatusBefore<To extends VersionStatus> = {
  [From in VersionStatus]: To extends (typeof VERSION_TRANSITIONS)[From][number] ? From : never;
}[VersionStatus];

type StartFields = Pick<AudienceVersionsTable, 'tenant_id' | 'audience_id' | 'version_number'> & {
  status: (typeof VERSION_STARTS)[number];
};

/**
 * A new version row: what `fields` gives, every other column at its starting value, and the
 * timestamp of the status it starts in (queuedAt for queued, becameDraftAt for draft).
 */
export function newVersionRow(
  fields: StartFields & Partial<AudienceVersionsTable>,
  now: number,
): AudienceVersionsTable {
  return {
    id: newId('version'),
    is_new_page_agent: 1,
    supplementary_context: null,
    content: null,
    request_message_id: null,
    reply_message_id: null,
    operation_key: null,
    fingerprint: null,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    available_at: now,
    last_error: null,
    queue_duration_ms: null,
    created_at: now,
    queued_at: fields.status === 'queued' ? now : null,
    became_draft_at: fields.status === 'draft' ? now : null,
    published_at: null,
    archived_at: null,
    obsolete_at: null,
    cancelled_at: null,
    agent_name: null,
    agent_model: null,
    agent_calls: null,
    agent_input_tokens: null,
    agent_output_tokens: null,
    agent_cost_micros: null,
    agent_usage_at: null,
    ...fields,
  };
}
