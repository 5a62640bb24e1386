import { type Static, Type } from 'typebox';
import type { TopicEntriesTable, TopicsTable } from '../../db/schema.js';
import { PathId, Timestamp } from '../../http/common.schemas.js';
import { toIso } from '../../time.js';

export const ENTRY_CONTENT_TYPES = ['text', 'markdown', 'url'] as const;
const ENTRY_CONTENT_MAX = 100_000;
export const TOPIC_NAME_MAX = 255;

export const TopicEntry = Type.Object(
  {
    topicEntryId: Type.String({ minLength: 1, examples: ['topicentry_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    topicId: Type.String({ minLength: 1 }),
    sortOrder: Type.Integer({
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Entries are listed by sortOrder ascending, then oldest first.',
    }),
    content: Type.Object({
      type: Type.String({ enum: [...ENTRY_CONTENT_TYPES] }),
      content: Type.String(),
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'TopicEntry' },
);
export type TopicEntry = Static<typeof TopicEntry>;

/** Entry content as operators send it; a `url` must be an absolute http(s) URL. */
export const EntryContent = Type.Object(
  {
    type: Type.String({ enum: [...ENTRY_CONTENT_TYPES] }),
    content: Type.String({ minLength: 1, maxLength: ENTRY_CONTENT_MAX }),
  },
  { additionalProperties: false },
);
export type EntryContent = Static<typeof EntryContent>;

export const SortOrder = Type.Integer({
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
});

// The operator's bodies (admin API and `quire topics`).
export const CreateTopicBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: TOPIC_NAME_MAX }) },
  { additionalProperties: false },
);
export const AddEntryBody = Type.Object(
  { content: EntryContent, sortOrder: Type.Optional(SortOrder) },
  { additionalProperties: false },
);
export type AddEntryBody = Static<typeof AddEntryBody>;
export const ChangeEntryBody = Type.Object(
  { content: Type.Optional(EntryContent), sortOrder: Type.Optional(SortOrder) },
  { additionalProperties: false, minProperties: 1 },
);
export type ChangeEntryBody = Static<typeof ChangeEntryBody>;
export const ReorderEntriesBody = Type.Object(
  { topicEntryIds: Type.Array(PathId, { maxItems: 10_000 }) },
  { additionalProperties: false },
);
export const TopicParams = Type.Object({ tenant: PathId, topic_id: PathId });
export const EntryParams = Type.Object({ tenant: PathId, topic_id: PathId, entry_id: PathId });

export function toTopicEntry(row: TopicEntriesTable): TopicEntry {
  return {
    topicEntryId: row.id,
    topicId: row.topic_id,
    sortOrder: row.sort_order,
    content: { type: row.content_type, content: row.content },
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** A topic without its entries (the answer to a create or a rename). */
export const Topic = Type.Object(
  { topicId: Type.String(), name: Type.String(), createdAt: Timestamp, updatedAt: Timestamp },
  { title: 'Topic' },
);

export function toTopic(row: TopicsTable) {
  return {
    topicId: row.id,
    name: row.name,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** A topic with its first entries (operator API). */
export const TopicWithEntries = Type.Object(
  {
    topicId: Type.String(),
    name: Type.String(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    entriesCount: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    entries: Type.Array(TopicEntry, { description: 'The first 100 entries in list order.' }),
  },
  { title: 'TopicWithEntries' },
);
