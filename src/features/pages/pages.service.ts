import { isUniqueViolation } from '../../db/errors.js';
import type { Db, PagesTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { firstFreeName, kebabName } from '../../domain/public-paths.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { emitEvents } from '../../outbox/emit.js';
import { checkPageContent } from './page-content.js';
import { pageStatusEvents } from './page-events.js';
import { findPage, findSlugsLike, insertPage, lockPage, updatePageRow } from './pages.repository.js';
import {
  bodyToStore,
  type CreatePageInput,
  pageActions,
  pageBody,
  type UpdatePageInput,
} from './pages.schemas.js';

/**
 * The page lifecycle. Operators create, update, archive and delete pages (admin API, CLI, seed);
 * API clients read and restore them. Delete is a soft delete: the page is archived too and keeps
 * its data, so restore can bring it back.
 */
export async function createPage(db: Db, tenantId: string, input: CreatePageInput): Promise<PagesTable> {
  const body = input.body === undefined ? null : bodyToStore(input.body);
  await checkPageContent(db, tenantId, {
    actions: input.actions ?? [],
    headerActionId: input.headerActionId ?? null,
    actionCardWidgets: input.actionCardWidgets,
    blocks: body?.blocks,
  });
  const now = Date.now();
  const row: PagesTable = {
    tenant_id: tenantId,
    id: newId('page'),
    brand_id: input.brandId,
    name: input.name,
    title: input.title,
    page_context: input.pageContext ?? '',
    page_type: input.pageType ?? 'custom',
    status: input.status ?? 'draft',
    status_before_archive: null,
    actions: JSON.stringify(input.actions ?? []),
    action_card_widgets: JSON.stringify(input.actionCardWidgets ?? []),
    scripts: JSON.stringify(input.scripts ?? []),
    footer_links: JSON.stringify(input.footerLinks ?? []),
    header_action_id: input.headerActionId ?? null,
    metadata: input.metadata === undefined ? null : JSON.stringify(input.metadata),
    slug: input.slug ?? (await freeSlug(db, tenantId, input.name)),
    body: body === null ? null : JSON.stringify(body),
    indexable: input.indexable === true ? 1 : 0,
    audiences_count: 0,
    created_at: now,
    updated_at: now,
    archived_at: null,
    deleted_at: null,
  };
  await slugChecked(row.slug!, () =>
    writeTransaction(db, async (tx) => {
      await insertPage(tx, row);
      await emitEvents(tx, tenantId, pageStatusEvents(null, row), now);
    }),
  );
  return row;
}

/** The default slug: the page's name in kebab-case, suffixed when the tenant has it already. */
async function freeSlug(db: Db, tenantId: string, name: string): Promise<string> {
  const base = kebabName(name, 'page');
  return firstFreeName(base, await findSlugsLike(db, tenantId, base));
}

/** Runs a write that sets a slug; the unique index turns a taken slug into a 409 naming it. */
async function slugChecked<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The pointer lets a form show the problem beside the slug field (the console does).
      const detail = `The page slug "${slug}" is taken in this tenant`;
      throw new ApiError('conflict', detail, [{ pointer: '/slug', detail, code: 'invalid_value' }]);
    }
    throw error;
  }
}

export async function updatePage(
  db: Db,
  tenantId: string,
  pageId: string,
  input: UpdatePageInput,
): Promise<PagesTable> {
  return writeTransaction(db, async (tx) => {
    const page = await lockPage(tx, tenantId, pageId);
    if (page === undefined) throw ApiError.notFound('Page');
    const headerActionId = input.headerActionId === undefined ? page.header_action_id : input.headerActionId;
    const body = input.body === undefined || input.body === null ? input.body : bodyToStore(input.body);
    await checkPageContent(
      tx,
      tenantId,
      {
        actions: input.actions,
        headerActionId,
        actionCardWidgets: input.actionCardWidgets,
        blocks: body?.blocks,
        // New actions without a body: the stored banners must still name actions the page has.
        ...(body === undefined ? { storedBlocks: pageBody(page)?.blocks } : {}),
      },
      pageActions(page),
    );
    if (input.status !== undefined && page.archived_at !== null) {
      throw new ApiError('conflict', 'The page is archived: restore it before changing its status');
    }
    const write = () =>
      updatePageRow(tx, tenantId, pageId, {
        ...(input.brandId === undefined ? {} : { brand_id: input.brandId }),
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.pageContext === undefined ? {} : { page_context: input.pageContext }),
        ...(input.pageType === undefined ? {} : { page_type: input.pageType }),
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.actions === undefined ? {} : { actions: JSON.stringify(input.actions) }),
        ...(input.actionCardWidgets === undefined
          ? {}
          : { action_card_widgets: JSON.stringify(input.actionCardWidgets) }),
        ...(input.scripts === undefined ? {} : { scripts: JSON.stringify(input.scripts) }),
        ...(input.footerLinks === undefined ? {} : { footer_links: JSON.stringify(input.footerLinks) }),
        header_action_id: headerActionId,
        ...(input.metadata === undefined
          ? {}
          : { metadata: input.metadata === null ? null : JSON.stringify(input.metadata) }),
        ...(input.slug === undefined ? {} : { slug: input.slug }),
        ...(body === undefined ? {} : { body: body === null ? null : JSON.stringify(body) }),
        ...(input.indexable === undefined ? {} : { indexable: input.indexable ? 1 : 0 }),
        updated_at: Date.now(),
      });
    const updated = (await slugChecked(input.slug ?? '', write))!;
    await emitEvents(tx, tenantId, pageStatusEvents(page, updated));
    return updated;
  });
}

/** Archives a page, remembering its status for restore. Archiving an archived page changes nothing. */
export async function archivePage(db: Db, tenantId: string, pageId: string): Promise<PagesTable> {
  return writeTransaction(db, async (tx) => {
    const page = await lockPage(tx, tenantId, pageId);
    if (page === undefined) throw ApiError.notFound('Page');
    if (page.status === 'archived') return page;
    const now = Date.now();
    const archived = (await updatePageRow(tx, tenantId, pageId, {
      status: 'archived',
      status_before_archive: page.status,
      archived_at: now,
      updated_at: now,
    }))!;
    await emitEvents(tx, tenantId, pageStatusEvents(page, archived), now);
    return archived;
  });
}

/** Soft-deletes a page: archived (if it was not) and `deletedAt` set; restore undoes both. */
export async function deletePage(db: Db, tenantId: string, pageId: string): Promise<PagesTable> {
  return writeTransaction(db, async (tx) => {
    const page = await lockPage(tx, tenantId, pageId);
    if (page === undefined) throw ApiError.notFound('Page');
    if (page.deleted_at !== null) return page;
    const now = Date.now();
    const archive =
      page.status === 'archived'
        ? {}
        : { status: 'archived' as const, status_before_archive: page.status, archived_at: now };
    const deleted = (await updatePageRow(tx, tenantId, pageId, {
      ...archive,
      deleted_at: now,
      updated_at: now,
    }))!;
    await emitEvents(tx, tenantId, pageStatusEvents(page, deleted), now);
    return deleted;
  });
}

/**
 * Restore: an archived page returns to the status it had before archiving (draft
 * if unknown) with `archivedAt` null; a deleted page also gets `deletedAt` null; a page that is
 * neither is returned unchanged.
 */
export async function restorePage(db: Db, tenantId: string, pageId: string): Promise<PagesTable> {
  return writeTransaction(db, async (tx) => {
    const page = await lockPage(tx, tenantId, pageId);
    if (page === undefined) throw ApiError.notFound('Page');
    if (page.status !== 'archived' && page.archived_at === null && page.deleted_at === null) return page;
    const restored = (await updatePageRow(tx, tenantId, pageId, {
      status: page.status === 'archived' ? (page.status_before_archive ?? 'draft') : page.status,
      status_before_archive: null,
      archived_at: null,
      deleted_at: null,
      updated_at: Date.now(),
    }))!;
    await emitEvents(tx, tenantId, pageStatusEvents(page, restored));
    return restored;
  });
}

export async function getPage(db: Db, tenantId: string, pageId: string): Promise<PagesTable> {
  const page = await findPage(db, tenantId, pageId);
  if (page === undefined) throw ApiError.notFound('Page');
  return page;
}
