/**
 * The version lifecycle (docs/lifecycle.md). Every transition takes the audience's row lock first,
 * so versions are numbered without gaps and at most one version per audience is queued or processing.
 */
import { createOnce, requestFingerprint } from '../../db/create-once.js';
import type { AudiencesTable, AudienceVersionsTable, Db, Executor } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { type AudienceContent, primaryAction } from '../../domain/audience-content.js';
import { ApiError } from '../../errors.js';
import { findPage } from '../pages/pages.repository.js';
import { pageActions } from '../pages/pages.schemas.js';
import { announceIfQueued, emitVersionEvent, promoteNextPendingAndAnnounce } from './audience-events.js';
import {
  findConversation,
  lockAudience,
  lockAudienceAndNumberVersion,
  touchConversation,
  updateAudienceRow,
} from './audiences.repository.js';
import { newVersionRow } from './version-lifecycle.js';
import {
  findVersion,
  findVersionByOperationKey,
  hasActiveVersion,
  insertVersion,
  olderLiveVersions,
  publishedVersion,
  transitionVersion,
} from './versions.repository.js';

export interface EnqueueOptions {
  requestMessageId?: string | null;
  operationKey?: string | null;
  fingerprint?: string | null;
}

/**
 * Creates the audience's next version: `queued`, or `pending` while an earlier one is waiting or
 * being processed. The caller must hold the audience's row lock (lockAudience) in `tx`.
 */
export async function enqueueVersion(
  tx: Executor,
  audience: AudiencesTable,
  options: EnqueueOptions = {},
): Promise<AudienceVersionsTable> {
  const numbered = await lockAudienceAndNumberVersion(tx, audience.tenant_id, audience.id);
  const now = Date.now();
  const waits = await hasActiveVersion(tx, audience.tenant_id, audience.id);
  const row = newVersionRow(
    {
      tenant_id: audience.tenant_id,
      audience_id: audience.id,
      version_number: numbered!.last_version_number,
      status: waits ? 'pending' : 'queued',
      supplementary_context: audience.supplementary_context,
      request_message_id: options.requestMessageId ?? null,
      operation_key: options.operationKey ?? null,
      fingerprint: options.fingerprint ?? null,
    },
    now,
  );
  await insertVersion(tx, row);
  return row;
}

/**
 * POST .../versions: a new version for the agent, idempotent on `operationKey` (unique per audience).
 * The audience is read once, locked: one under another page's id is not found.
 */
export async function createVersion(
  db: Db,
  tenantId: string,
  pageId: string,
  audienceId: string,
  operationKey: string | undefined,
): Promise<{ version: AudienceVersionsTable; replayed: boolean }> {
  const fingerprint = requestFingerprint({});
  const create = () =>
    writeTransaction(db, async (tx) => {
      const audience = await lockAudience(tx, tenantId, audienceId);
      if (audience === undefined || audience.page_id !== pageId) throw ApiError.notFound('Audience');
      if (audience.archived_at !== null) throw new ApiError('conflict', 'The audience is archived');
      // Under the audience lock, a key already taken is seen here before a number is handed out.
      if (
        operationKey !== undefined &&
        (await findVersionByOperationKey(tx, tenantId, audienceId, operationKey))
      ) {
        return null;
      }
      const version = await enqueueVersion(tx, audience, { operationKey: operationKey ?? null, fingerprint });
      await announceIfQueued(tx, audience, version);
      return version;
    });
  const result = await createOnce({
    idempotency: operationKey === undefined ? null : { key: operationKey, fingerprint },
    keyField: 'operationKey',
    create,
    findExisting: async (key) => {
      const existing = await findVersionByOperationKey(db, tenantId, audienceId, key);
      return existing && { record: existing, fingerprint: existing.fingerprint ?? '' };
    },
  });
  return { version: result.record, replayed: result.replayed };
}

/**
 * The version (404 when the tenant has none) and its audience, locked for the rest of the
 * transaction so two changes of its versions run one after the other.
 */
async function versionWithLockedAudience(tx: Executor, tenantId: string, versionId: string) {
  const version = await findVersion(tx, tenantId, versionId);
  if (version === undefined) throw ApiError.notFound('Version');
  const audience = (await lockAudience(tx, tenantId, version.audience_id))!;
  return { version, audience };
}

/**
 * Publishes a draft: it becomes `published`; the previously published version becomes `archived`;
 * older drafts get `obsoleteAt` and become `archived`. The conversation's publishedMessageId becomes
 * the version's reply, and the audience takes the version's content (metadata, context, action URL).
 */
export async function publishVersion(
  db: Db,
  tenantId: string,
  versionId: string,
): Promise<AudienceVersionsTable> {
  return writeTransaction(db, async (tx) => {
    const { version, audience } = await versionWithLockedAudience(tx, tenantId, versionId);
    const current = await findVersion(tx, tenantId, versionId);
    if (current!.status !== 'draft') {
      throw new ApiError('conflict', `Only a draft can be published; this version is ${current!.status}`);
    }
    const now = Date.now();
    const previous = await publishedVersion(tx, tenantId, version.audience_id);
    for (const older of await olderLiveVersions(tx, tenantId, version.audience_id, version.version_number)) {
      const obsolete = older.status === 'draft' ? { obsolete_at: now } : {};
      await transitionVersion(tx, tenantId, older.id, [older.status], {
        status: 'archived',
        archived_at: now,
        ...obsolete,
      });
    }
    await transitionVersion(tx, tenantId, versionId, ['draft'], { status: 'published', published_at: now });
    const conversation = await findConversation(tx, tenantId, version.audience_id);
    await touchConversation(tx, tenantId, conversation!.id, {
      updated_at: now,
      published_message_id: version.reply_message_id,
    });
    await applyContentToAudience(tx, audience, JSON.parse(version.content!) as AudienceContent, now);
    await emitVersionEvent(tx, 'version.published', audience, versionId, {
      previousVersionId: previous?.id ?? null,
    });
    return (await findVersion(tx, tenantId, versionId))!;
  });
}

async function applyContentToAudience(
  tx: Executor,
  audience: AudiencesTable,
  content: AudienceContent,
  now: number,
) {
  const page = await findPage(tx, audience.tenant_id, audience.page_id);
  const pageUrl = primaryAction(pageActions(page!), page!.header_action_id)?.url ?? '';
  const override = audience.metadata_override === null ? {} : JSON.parse(audience.metadata_override);
  await updateAudienceRow(tx, audience.tenant_id, audience.id, {
    metadata_override: JSON.stringify({
      ...override,
      title: content.metaTitle,
      description: content.metaDescription,
      keywords: content.metaKeywords,
    }),
    supplementary_context: content.supplementaryContext === '' ? null : content.supplementaryContext,
    action_url_override: content.actionUrl === '' || content.actionUrl === pageUrl ? null : content.actionUrl,
    updated_at: now,
  });
}

/** An operator cancels a pending or queued version; the next pending one moves up. */
export async function cancelVersion(
  db: Db,
  tenantId: string,
  versionId: string,
): Promise<AudienceVersionsTable> {
  return writeTransaction(db, async (tx) => {
    const { audience } = await versionWithLockedAudience(tx, tenantId, versionId);
    const now = Date.now();
    const cancelled = await transitionVersion(tx, tenantId, versionId, ['pending', 'queued'], {
      status: 'cancelled',
      cancelled_at: now,
    });
    if (!cancelled) {
      const current = await findVersion(tx, tenantId, versionId);
      throw new ApiError(
        'conflict',
        `Only a pending or queued version can be cancelled; this one is ${current!.status}`,
      );
    }
    const reason = { code: 'operator', message: 'An operator cancelled the version.' };
    await emitVersionEvent(tx, 'version.cancelled', audience, versionId, { reason, replyMessageId: null });
    await promoteNextPendingAndAnnounce(tx, audience, now);
    return (await findVersion(tx, tenantId, versionId))!;
  });
}
