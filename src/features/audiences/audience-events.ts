/**
 * The events of audiences, their versions and their conversation (docs/events.md). Every helper
 * runs inside the transaction of the change, which holds the audience's row lock: the events of
 * one audience are written, and delivered, in the order the changes happened.
 */
import type { AudiencesTable, Executor, MessagesTable, VersionChangesTable } from '../../db/schema.js';
import { emitEvent, type OutgoingEvent } from '../../outbox/emit.js';
import type { EventType } from '../../outbox/event-types.js';
import { type Audience, toChange, toMessage, toVersion } from './audiences.schemas.js';
import { findVersion, promoteNextPending } from './versions.repository.js';

type AudienceRef = Pick<AudiencesTable, 'tenant_id' | 'id' | 'page_id'>;

/** Why a version was cancelled: `data.reason` of `version.cancelled`. */
export interface CancelReason {
  code:
    | 'operator'
    | 'audience_archived'
    | 'agent_refused'
    | 'agent_failed'
    | 'attempts_exhausted'
    | 'answered';
  message: string;
}

/** A `version.*` event: the version as /v0 returns it (read back in the transaction), and extras. */
export async function emitVersionEvent(
  tx: Executor,
  type: Extract<EventType, `version.${string}`>,
  audience: AudienceRef,
  versionId: string,
  extras: Record<string, unknown> = {},
): Promise<void> {
  const version = (await findVersion(tx, audience.tenant_id, versionId))!;
  await emitEvent(tx, audience.tenant_id, {
    type,
    audienceId: audience.id,
    data: { pageId: audience.page_id, audienceId: audience.id, version: toVersion(version), ...extras },
  });
}

/** `version.queued` for a version that went straight to `queued` (not one left `pending`). */
export async function announceIfQueued(
  tx: Executor,
  audience: AudienceRef,
  version: { id: string; status: string },
): Promise<void> {
  if (version.status === 'queued') await emitVersionEvent(tx, 'version.queued', audience, version.id);
}

/** Moves the next pending version up (versions.repository.ts) and announces it as queued. */
export async function promoteNextPendingAndAnnounce(tx: Executor, audience: AudienceRef, now: number) {
  const promoted = await promoteNextPending(tx, audience.tenant_id, audience.id, now);
  if (promoted !== undefined) await emitVersionEvent(tx, 'version.queued', audience, promoted);
}

/** `message.created`: the message as GET .../messages lists it, with the ids it belongs to. */
export async function emitMessageCreated(
  tx: Executor,
  audience: AudienceRef,
  message: MessagesTable,
  changes: readonly VersionChangesTable[] = [],
): Promise<void> {
  await emitEvent(tx, audience.tenant_id, {
    type: 'message.created',
    audienceId: audience.id,
    data: {
      pageId: audience.page_id,
      audienceId: audience.id,
      conversationId: message.conversation_id,
      message: toMessage(message, changes.map(toChange)),
    },
  });
}

/** `audience.created` / `audience.archived`: the audience as GET .../audiences/{id} returns it. */
export function audienceEvent(
  type: 'audience.created' | 'audience.archived',
  audience: Audience,
): OutgoingEvent {
  return { type, audienceId: audience.audienceId, data: { audience } };
}
