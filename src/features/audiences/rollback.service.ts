/**
 * Rollback and undo for operators (admin API and CLI): restore an earlier version of an audience as
 * a new one, undo one message by restoring the version before it, and bring an archived audience
 * back. History stays linear: a restore never rewrites a version, it appends one.
 */
import type { AudienceVersionsTable, Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { type AudienceContent, diffContent, effectiveContent } from '../../domain/audience-content.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { addToAudiencesCount, findPage } from '../pages/pages.repository.js';
import { contentPageOf } from '../pages/pages.schemas.js';
import {
  findConversation,
  lockAudience,
  lockAudienceAndNumberVersion,
  updateAudienceRow,
} from './audiences.repository.js';
import { contentAudienceOf } from './audiences.schemas.js';
import { currentContent } from './conversation.service.js';
import { newMessageRow } from './conversation-rows.js';
import { findMessage } from './messages.repository.js';
import { newVersionRow } from './version-lifecycle.js';
import { recordDraft } from './version-outcomes.js';
import { contentVersionBefore, findVersion, insertVersion } from './versions.repository.js';
import { publishVersion } from './versions.service.js';

export interface RestoreOptions {
  /** Publish the new version at once. */
  publish?: boolean;
}

/**
 * Creates the audience's next version, a draft holding the content of version `versionId` (its
 * button titles laid over the page's current actions), with a reply in the conversation saying
 * which version it restores and the changes from the content it replaces. Published at once with
 * `publish`. Only a version that holds content (draft, published, archived) can be restored.
 */
export async function restoreVersion(
  db: Db,
  tenantId: string,
  versionId: string,
  options: RestoreOptions = {},
  note = '',
): Promise<AudienceVersionsTable> {
  const restored = await writeTransaction(db, async (tx) => {
    const source = await findVersion(tx, tenantId, versionId);
    if (source === undefined) throw ApiError.notFound('Version');
    const audience = await lockAudience(tx, tenantId, source.audience_id);
    if (audience!.archived_at !== null) {
      throw new ApiError('conflict', 'The audience is archived: unarchive it first');
    }
    if (source.content === null) {
      throw new ApiError(
        'conflict',
        `Version ${source.version_number} holds no content to restore (it is ${source.status})`,
      );
    }
    const page = (await findPage(tx, tenantId, audience!.page_id))!;
    const before = await currentContent(tx, audience!, page);
    const content: AudienceContent = effectiveContent(
      contentPageOf(page),
      contentAudienceOf(audience!),
      JSON.parse(source.content) as AudienceContent,
    );
    const numbered = (await lockAudienceAndNumberVersion(tx, tenantId, audience!.id))!;
    const conversation = (await findConversation(tx, tenantId, audience!.id))!;
    const now = Date.now();
    const id = newId('version');
    const reply = newMessageRow({
      tenant_id: tenantId,
      conversation_id: conversation.id,
      role: 'agent',
      content: `Restored version ${source.version_number}.${note === '' ? '' : ` ${note}`}`,
      timestamp: now,
      has_snapshot: 1,
      reasoning: `An operator restored version ${source.version_number} as version ${numbered.last_version_number}.`,
      version_id: id,
    });
    const row = newVersionRow(
      {
        tenant_id: tenantId,
        id,
        audience_id: audience!.id,
        version_number: numbered.last_version_number,
        status: 'draft',
        is_new_page_agent: source.is_new_page_agent,
        supplementary_context: content.supplementaryContext,
        content: JSON.stringify(content),
        reply_message_id: reply.id,
      },
      now,
    );
    await insertVersion(tx, row);
    await recordDraft(tx, audience!, id, reply, diffContent(contentPageOf(page), before, content));
    return row;
  });
  return options.publish === true ? publishVersion(db, tenantId, restored.id) : restored;
}

/**
 * Undoes what one message did: restores the newest version with content numbered below the
 * version the message asked for (or answers). 409 when there is none.
 */
export async function revertMessage(
  db: Db,
  tenantId: string,
  messageId: string,
  options: RestoreOptions = {},
): Promise<AudienceVersionsTable> {
  const message = await findMessage(db, tenantId, messageId);
  if (message === undefined) throw ApiError.notFound('Message');
  const version =
    message.version_id === null ? undefined : await findVersion(db, tenantId, message.version_id);
  if (version === undefined) throw new ApiError('conflict', 'The message asked for no version');
  const before = await contentVersionBefore(db, tenantId, version.audience_id, version.version_number);
  if (before === undefined) {
    throw new ApiError('conflict', `No version before version ${version.version_number} holds content`);
  }
  const excerpt = message.content.length > 80 ? `${message.content.slice(0, 79)}…` : message.content;
  return restoreVersion(db, tenantId, before.id, options, `Undoes "${excerpt}".`);
}

/**
 * Brings an archived audience back: it counts in the page's audiencesCount again and its status is
 * its latest version's. Versions cancelled by the archive stay cancelled. Idempotent; 409 when the
 * page is deleted.
 */
export async function unarchiveAudience(db: Db, tenantId: string, audienceId: string) {
  return writeTransaction(db, async (tx) => {
    const audience = await lockAudience(tx, tenantId, audienceId);
    if (audience === undefined) throw ApiError.notFound('Audience');
    if (audience.archived_at === null) return audience;
    const page = await findPage(tx, tenantId, audience.page_id);
    if (page!.deleted_at !== null) throw new ApiError('conflict', 'The page is deleted: restore it first');
    await addToAudiencesCount(tx, tenantId, audience.page_id, 1);
    return (await updateAudienceRow(tx, tenantId, audienceId, {
      archived_at: null,
      updated_at: Date.now(),
    }))!;
  });
}
