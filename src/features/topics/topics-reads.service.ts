import { readCounter } from '../../db/counters.repository.js';
import type { Db, TopicsTable } from '../../db/schema.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { countTopics, listEntries, listTopics as listTopicRows } from './topics.repository.js';
import { type TopicEntry, toTopic, toTopicEntry } from './topics.schemas.js';
import { entriesCounter, requireTopic } from './topics.service.js';

/** A topic shows at most this many entries, in list order; `entriesCount` says how many there are. */
export const ENTRIES_SHOWN = 100;

export type TopicWithEntries = ReturnType<typeof toTopic> & { entriesCount: number; entries: TopicEntry[] };

async function withEntries(db: Db, row: TopicsTable): Promise<TopicWithEntries> {
  const [entries, entriesCount] = await Promise.all([
    listEntries(db, row.tenant_id, row.id, null, ENTRIES_SHOWN),
    readCounter(db, row.tenant_id, entriesCounter(row.id)),
  ]);
  return { ...toTopic(row), entriesCount, entries: entries.map(toTopicEntry) };
}

/** Operator reads of topics: `GET /admin/v0/tenants/{tenant}/topics...` and `quire topics list|show`. */
export function listTopics(db: Db, tenantId: string, request: PageRequest): Promise<Page<TopicWithEntries>> {
  return keysetPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: {},
    fetch: (after, size) => listTopicRows(db, tenantId, after, size),
    count: () => countTopics(db, tenantId),
    keyOf: (row) => [row.created_at, row.id],
    map: (row) => withEntries(db, row),
  });
}

export async function showTopic(db: Db, tenantId: string, topicId: string): Promise<TopicWithEntries> {
  return withEntries(db, await requireTopic(db, tenantId, topicId));
}

/** GET /v0/topics/{id}/entries: a topic's entries in list order; an unknown topic is a 404. */
export function listTopicEntries(
  db: Db,
  tenantId: string,
  topicId: string,
  request: PageRequest,
): Promise<Page<TopicEntry>> {
  return keysetPage(request, {
    shape: ['number', 'number', 'string'], // sort_order asc, created_at asc, id asc
    filters: { topicId },
    // After the cursor is checked (a bad one is a 400 even for an unknown topic).
    fetch: async (after, size) => {
      await requireTopic(db, tenantId, topicId);
      return listEntries(db, tenantId, topicId, after, size);
    },
    count: () => readCounter(db, tenantId, entriesCounter(topicId)),
    keyOf: (row) => [row.sort_order, row.created_at, row.id],
    map: toTopicEntry,
  });
}
