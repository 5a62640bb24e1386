import { addToCounter } from '../../db/counters.repository.js';
import { lockForTransaction } from '../../db/locks.js';
import type { Db, Executor, TopicEntriesTable, TopicsTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import {
  deleteEntry,
  entryIdsOf,
  findEntry,
  findTopic,
  insertEntry,
  insertTopic,
  lastSortOrder,
  updateEntry,
} from './topics.repository.js';
import type { EntryContent } from './topics.schemas.js';

/** Topics and their entries are written by operators (admin API, CLI, demo seed) only. */
export function entriesCounter(topicId: string): string {
  return `topic_entries:${topicId}`;
}

export async function createTopic(db: Executor, tenantId: string, name: string): Promise<TopicsTable> {
  const now = Date.now();
  const row: TopicsTable = {
    tenant_id: tenantId,
    id: newId('topic'),
    name,
    created_at: now,
    updated_at: now,
  };
  await insertTopic(db, row);
  return row;
}

export async function requireTopic(db: Executor, tenantId: string, topicId: string): Promise<TopicsTable> {
  const topic = await findTopic(db, tenantId, topicId);
  if (topic === undefined) throw new ApiError('topic_not_found', `No topic ${topicId} in this tenant`);
  return topic;
}

function checkContent(content: EntryContent): void {
  if (content.type !== 'url') return;
  const url = URL.canParse(content.content) ? new URL(content.content) : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw ApiError.invalidField('/content/content', 'a url entry must hold an absolute http(s) URL');
  }
}

/** Adds an entry; without a sortOrder it goes after the last one. */
export async function addEntry(
  db: Db,
  tenantId: string,
  topicId: string,
  input: { content: EntryContent; sortOrder?: number | undefined },
): Promise<TopicEntriesTable> {
  checkContent(input.content);
  return writeTransaction(db, async (tx) => {
    await lockForTransaction(tx, `topic:${tenantId}:${topicId}`);
    await requireTopic(tx, tenantId, topicId);
    const now = Date.now();
    const row: TopicEntriesTable = {
      tenant_id: tenantId,
      id: newId('topicentry'),
      topic_id: topicId,
      sort_order: input.sortOrder ?? ((await lastSortOrder(tx, tenantId, topicId)) ?? -1) + 1,
      content_type: input.content.type as TopicEntriesTable['content_type'],
      content: input.content.content,
      created_at: now,
      updated_at: now,
    };
    await insertEntry(tx, row);
    await addToCounter(tx, tenantId, entriesCounter(topicId), 1);
    return row;
  });
}

async function requireEntry(tx: Executor, tenantId: string, topicId: string, entryId: string) {
  await requireTopic(tx, tenantId, topicId);
  const entry = await findEntry(tx, tenantId, topicId, entryId);
  if (entry === undefined)
    throw new ApiError('topic_entry_not_found', `No entry ${entryId} in topic ${topicId}`);
  return entry;
}

export async function changeEntry(
  db: Db,
  tenantId: string,
  topicId: string,
  entryId: string,
  changes: { content?: EntryContent | undefined; sortOrder?: number | undefined },
): Promise<TopicEntriesTable> {
  if (changes.content !== undefined) checkContent(changes.content);
  return writeTransaction(db, async (tx) => {
    const entry = await requireEntry(tx, tenantId, topicId, entryId);
    const set = {
      sort_order: changes.sortOrder ?? entry.sort_order,
      content_type: (changes.content?.type ?? entry.content_type) as TopicEntriesTable['content_type'],
      content: changes.content?.content ?? entry.content,
      updated_at: Date.now(),
    };
    await updateEntry(tx, tenantId, entryId, set);
    return { ...entry, ...set };
  });
}

export async function removeEntry(db: Db, tenantId: string, topicId: string, entryId: string): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await requireEntry(tx, tenantId, topicId, entryId);
    if (await deleteEntry(tx, tenantId, entryId))
      await addToCounter(tx, tenantId, entriesCounter(topicId), -1);
  });
}

/** Gives the entries sortOrder 0, 1, 2... in the order given, which must name every entry once. */
export async function reorderEntries(
  db: Db,
  tenantId: string,
  topicId: string,
  entryIds: string[],
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await lockForTransaction(tx, `topic:${tenantId}:${topicId}`);
    await requireTopic(tx, tenantId, topicId);
    const existing = new Set(await entryIdsOf(tx, tenantId, topicId));
    const given = new Set(entryIds);
    if (
      given.size !== entryIds.length ||
      given.size !== existing.size ||
      entryIds.some((id) => !existing.has(id))
    ) {
      throw ApiError.invalidField('/topicEntryIds', 'must list every entry of the topic exactly once');
    }
    const now = Date.now();
    for (const [index, id] of entryIds.entries()) {
      await updateEntry(tx, tenantId, id, { sort_order: index, updated_at: now });
    }
  });
}
