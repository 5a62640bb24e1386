/**
 * The writes that end (or give back) a version the worker holds. Each takes the audience's row
 * lock first (the same order as every other version transition) and only acts while the version
 * is still `processing` under this worker's lease: a worker that lost its lease writes nothing.
 */
import type { StepSizer } from '../../background-share.js';
import type { AudiencesTable, AudienceVersionsTable, Db, Executor, MessagesTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import type { AudienceContent, ContentChange } from '../../domain/audience-content.js';
import {
  type CancelReason,
  emitMessageCreated,
  emitVersionEvent,
  promoteNextPendingAndAnnounce,
} from './audience-events.js';
import { findConversation, lockAudience, touchConversation } from './audiences.repository.js';
import { toChange } from './audiences.schemas.js';
import { changeRows, newMessageRow } from './conversation-rows.js';
import { type AttemptFailure, interruptedReply } from './interrupted-reply.js';
import { insertChanges, insertMessage } from './messages.repository.js';
import { expiredLeases, findVersion, type TenantScope, transitionVersion } from './versions.repository.js';

/** The agent's reply about a version, in the version's conversation. */
function agentMessage(
  version: AudienceVersionsTable,
  conversationId: string,
  fields: Pick<MessagesTable, 'content' | 'reasoning' | 'timestamp'> & Partial<MessagesTable>,
): MessagesTable {
  return newMessageRow({
    tenant_id: version.tenant_id,
    conversation_id: conversationId,
    role: 'agent',
    version_id: version.id,
    ...fields,
  });
}

/**
 * What a version becoming a draft writes beside it (the agent's draft or an operator's restore):
 * the reply, one change row per changed field, the conversation's updatedAt, `message.created` and
 * `version.drafted`.
 */
export async function recordDraft(
  tx: Executor,
  audience: AudiencesTable,
  versionId: string,
  reply: MessagesTable,
  changes: readonly ContentChange[],
): Promise<void> {
  const rows = changeRows(
    { tenant_id: audience.tenant_id, audience_id: audience.id, version_id: versionId },
    reply.id,
    changes,
  );
  await insertMessage(tx, reply);
  await insertChanges(tx, rows);
  await touchConversation(tx, audience.tenant_id, reply.conversation_id, { updated_at: reply.timestamp });
  await emitMessageCreated(tx, audience, reply, rows);
  await emitVersionEvent(tx, 'version.drafted', audience, versionId, {
    replyMessageId: reply.id,
    changes: rows.map(toChange),
  });
}

/** What an agent run on a held version produced: a draft, or (`answered`) a reply that changes nothing. */
export interface AgentOutcome {
  version: AudienceVersionsTable;
  answered: boolean;
  result: DraftResult;
  usage: VersionAgentUsage | null;
}

type DraftResult = { reply: string; reasoning: string; content: AudienceContent; changes: ContentChange[] };

/**
 * Writes the outcomes of a worker's batch in one transaction (one commit for all of them, each
 * under its audience's lock); for each, whether it was written (false: the lease was lost). It
 * does not yield between two drafts: on SQLite that held the writer longer and the import's rows
 * and the next batch waited (a 3,000-row import's last draft 30-40 % later); the whole write is a
 * few milliseconds. While requests come in, the worker writes a batch in several calls instead,
 * each as long as `sizer` (measuring the write) says fits the step budget (src/background-share.ts).
 */
export async function writeOutcomes(
  db: Db,
  owner: string,
  outcomes: readonly AgentOutcome[],
  /** Learns the cost of a write per outcome (the worker's write steps on SQLite). */
  sizer: StepSizer | null = null,
): Promise<boolean[]> {
  return writeTransaction(db, async (tx) => {
    const write = async () => {
      const written: boolean[] = [];
      for (const { version, answered, result, usage } of outcomes) {
        written.push(
          answered
            ? await answerIn(tx, version, owner, result, usage)
            : await draftIn(tx, version, owner, result, usage),
        );
      }
      return written;
    };
    return sizer === null ? write() : sizer.measure(outcomes.length, write);
  });
}

/** The agent finished: the version becomes a draft with its content, changes and reply. */
export async function writeDraft(
  db: Db,
  version: AudienceVersionsTable,
  owner: string,
  result: DraftResult,
  usage: VersionAgentUsage | null = null,
): Promise<boolean> {
  return writeTransaction(db, (tx) => draftIn(tx, version, owner, result, usage));
}

/**
 * The agent's reply to the message a version holds, and the version's move out of `processing`
 * (to `closing`, with the columns every such move clears), under the audience's lock. Null when
 * the worker no longer owns the version: then nothing is written.
 */
async function replyAndClose(
  tx: Executor,
  version: AudienceVersionsTable,
  owner: string,
  result: { reply: string; reasoning: string },
  usage: VersionAgentUsage | null,
  closing: (
    now: number,
  ) =>
    | { status: 'draft'; became_draft_at: number; content: string; supplementary_context: string | null }
    | { status: 'cancelled'; cancelled_at: number },
  snapshot: boolean,
) {
  const { tenant_id: tenantId, audience_id: audienceId } = version;
  const audience = (await lockAudience(tx, tenantId, audienceId))!;
  const conversation = (await findConversation(tx, tenantId, audienceId))!;
  const now = Date.now();
  const reply = agentMessage(version, conversation.id, {
    content: result.reply,
    reasoning: result.reasoning,
    ...(snapshot ? { has_snapshot: 1 } : {}),
    timestamp: now,
  });
  const owned = await transitionVersion(
    tx,
    tenantId,
    version.id,
    ['processing'],
    {
      ...closing(now),
      reply_message_id: reply.id,
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      ...(usage === null ? {} : usageColumns(usage, now)),
    },
    owner,
  );
  return owned ? { audience, conversation, reply, now } : null;
}

async function draftIn(
  tx: Executor,
  version: AudienceVersionsTable,
  owner: string,
  result: DraftResult,
  usage: VersionAgentUsage | null,
): Promise<boolean> {
  const closed = await replyAndClose(
    tx,
    version,
    owner,
    result,
    usage,
    (now) => ({
      status: 'draft',
      became_draft_at: now,
      content: JSON.stringify(result.content),
      supplementary_context: result.content.supplementaryContext,
    }),
    true,
  );
  if (closed === null) return false;
  await recordDraft(tx, closed.audience, version.id, closed.reply, result.changes);
  await promoteNextPendingAndAnnounce(tx, closed.audience, closed.now);
  return true;
}

/**
 * The agent answered a message without changing anything (a question, a request it cannot do, a
 * field that already says so): no new version. The reply lands in the conversation like any other;
 * the version the message queued is closed as `cancelled` with reason `answered`, holds no content
 * and offers nothing to publish.
 */
async function answerIn(
  tx: Executor,
  version: AudienceVersionsTable,
  owner: string,
  result: { reply: string; reasoning: string },
  usage: VersionAgentUsage | null,
): Promise<boolean> {
  const closed = await replyAndClose(
    tx,
    version,
    owner,
    result,
    usage,
    (now) => ({ status: 'cancelled', cancelled_at: now }),
    false,
  );
  if (closed === null) return false;
  const { audience, conversation, reply, now } = closed;
  await insertMessage(tx, reply);
  await touchConversation(tx, version.tenant_id, conversation.id, { updated_at: now });
  await emitMessageCreated(tx, audience, reply);
  await emitVersionEvent(tx, 'version.cancelled', audience, version.id, {
    reason: { code: 'answered', message: 'nothing to change: the agent answered in the conversation' },
    replyMessageId: reply.id,
  });
  await promoteNextPendingAndAnnounce(tx, audience, now);
  return true;
}

/** What the agent run that wrote a version used (stored on the version row, summed by the daily budget). */
export interface VersionAgentUsage {
  agent: string;
  model: string | null;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** null when the model has no price configured. */
  costUsd: number | null;
}

function usageColumns(usage: VersionAgentUsage, now: number) {
  return {
    agent_name: usage.agent,
    agent_model: usage.model,
    agent_calls: usage.calls,
    agent_input_tokens: usage.inputTokens,
    agent_output_tokens: usage.outputTokens,
    agent_cost_micros: usage.costUsd === null ? null : Math.round(usage.costUsd * 1_000_000),
    agent_usage_at: now,
  };
}

/**
 * An attempt failed. With attempts left, and a failure another attempt could fix, the version goes
 * back to `queued` after a backoff; otherwise it is `cancelled` with an interrupted reply saying
 * why, and the next pending version moves up.
 * `owner` null acts on a version whose lease expired (the reaper).
 */
export async function failAttempt(
  db: Db,
  version: AudienceVersionsTable,
  owner: string | null,
  failure: AttemptFailure,
  maxAttempts: number,
  retryDelayMs: number,
): Promise<'requeued' | 'cancelled' | 'lost'> {
  return writeTransaction(db, async (tx) => {
    const { tenant_id: tenantId, audience_id: audienceId } = version;
    const audience = (await lockAudience(tx, tenantId, audienceId))!;
    const current = await findVersion(tx, tenantId, version.id);
    if (current === undefined || current.status !== 'processing') return 'lost';
    if (owner !== null ? current.lease_owner !== owner : current.lease_expires_at! >= Date.now())
      return 'lost';
    const now = Date.now();
    const lease = { lease_owner: null, lease_expires_at: null, last_error: failure.message.slice(0, 2000) };
    if (!failure.final && current.attempts < maxAttempts) {
      await transitionVersion(tx, tenantId, version.id, ['processing'], {
        status: 'queued',
        available_at: now + retryDelayMs,
        ...lease,
      });
      return 'requeued';
    }
    const conversation = (await findConversation(tx, tenantId, audienceId))!;
    const reply = agentMessage(version, conversation.id, {
      content: interruptedReply(current, current.attempts, failure),
      reasoning: failure.message.slice(0, 2000),
      is_interrupted: 1,
      timestamp: now,
    });
    await transitionVersion(tx, tenantId, version.id, ['processing'], {
      status: 'cancelled',
      cancelled_at: now,
      reply_message_id: reply.id,
      ...lease,
    });
    await insertMessage(tx, reply);
    await touchConversation(tx, tenantId, conversation.id, { updated_at: now });
    await emitMessageCreated(tx, audience, reply);
    await emitVersionEvent(tx, 'version.cancelled', audience, version.id, {
      reason: cancelReason(failure, current.attempts),
      replyMessageId: reply.id,
    });
    await promoteNextPendingAndAnnounce(tx, audience, now);
    return 'cancelled';
  });
}

/** `data.reason` of the `version.cancelled` of a version the agent could not write. */
function cancelReason(failure: AttemptFailure, attempts: number): CancelReason {
  const message = failure.message.slice(0, 2000);
  if (failure.kind === 'refused') return { code: 'agent_refused', message };
  if (failure.kind === 'agent') return { code: 'agent_failed', message };
  return { code: 'attempts_exhausted', message: `${attempts} attempts failed; the last: ${message}` };
}

/** Gives a version back without counting the attempt (the worker is shutting down). */
export async function releaseVersion(db: Db, version: AudienceVersionsTable, owner: string): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await lockAudience(tx, version.tenant_id, version.audience_id);
    await transitionVersion(
      tx,
      version.tenant_id,
      version.id,
      ['processing'],
      {
        status: 'queued',
        attempts: Math.max(version.attempts - 1, 0),
        lease_owner: null,
        lease_expires_at: null,
      },
      owner,
    );
  });
}

/**
 * Versions whose worker died or hung (lease expired) go back to `queued`, or are cancelled when
 * their attempts are used up. Returns how many were handled.
 */
export async function reapExpiredLeases(
  db: Db,
  maxAttempts: number,
  tenantId?: TenantScope,
): Promise<number> {
  const expired = await expiredLeases(db, Date.now(), 20, tenantId);
  for (const version of expired) {
    await failAttempt(
      db,
      version,
      null,
      {
        message: 'the worker processing this version stopped (lease expired)',
        final: false,
        kind: 'transient',
      },
      maxAttempts,
      0,
    );
  }
  return expired.length;
}
