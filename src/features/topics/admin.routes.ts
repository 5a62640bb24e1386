import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId, SuccessFlag } from '../../http/common.schemas.js';
import { getTopicAdmin } from './get-topic.admin.js';
import { listTopicsAdmin } from './list-topics.admin.js';
import { renameTopicAdminRoute } from './rename-topic.admin.js';
import {
  AddEntryBody,
  ChangeEntryBody,
  CreateTopicBody,
  EntryParams,
  ReorderEntriesBody,
  Topic,
  TopicEntry,
  TopicParams,
  toTopic,
  toTopicEntry,
} from './topics.schemas.js';
import { addEntry, changeEntry, createTopic, removeEntry, reorderEntries } from './topics.service.js';

/** Operator API for topics and entries (same services as `quire topics`). */
export function topicsAdminRoutes(app: App): void {
  listTopicsAdmin(app);
  getTopicAdmin(app);
  app.post(
    '/tenants/:tenant/topics',
    {
      config: { policy: { access: 'editor', action: 'topic.create' } },
      schema: {
        operationId: 'adminCreateTopic',
        tags: ['Topics'],
        summary: 'Create a topic',
        params: Type.Object({ tenant: PathId }),
        body: CreateTopicBody,
        response: { 201: Topic },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      return reply.code(201).send(toTopic(await createTopic(app.db, tenantId, request.body.name)));
    },
  );
  app.post(
    '/tenants/:tenant/topics/:topic_id/entries',
    {
      config: { policy: { access: 'editor', action: 'topic_entry.create' } },
      schema: {
        operationId: 'adminCreateTopicEntry',
        tags: ['Topics'],
        summary: 'Add an entry to a topic',
        params: TopicParams,
        body: AddEntryBody,
        response: { 201: TopicEntry },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const entry = await addEntry(app.db, tenantId, request.params.topic_id, request.body);
      return reply.code(201).send(toTopicEntry(entry));
    },
  );
  app.patch(
    '/tenants/:tenant/topics/:topic_id/entries/:entry_id',
    {
      config: { policy: { access: 'editor', action: 'topic_entry.update' } },
      schema: {
        operationId: 'adminUpdateTopicEntry',
        tags: ['Topics'],
        summary: 'Change a topic entry',
        params: EntryParams,
        body: ChangeEntryBody,
        response: { 200: TopicEntry },
      },
    },
    async (request) => {
      const { topic_id, entry_id } = request.params;
      const { tenantId } = request;
      return toTopicEntry(await changeEntry(app.db, tenantId, topic_id, entry_id, request.body));
    },
  );
  app.delete(
    '/tenants/:tenant/topics/:topic_id/entries/:entry_id',
    {
      config: { policy: { access: 'editor', action: 'topic_entry.delete' } },
      schema: {
        operationId: 'adminDeleteTopicEntry',
        tags: ['Topics'],
        summary: 'Delete a topic entry',
        params: EntryParams,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      const { topic_id, entry_id } = request.params;
      await removeEntry(app.db, request.tenantId, topic_id, entry_id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/tenants/:tenant/topics/:topic_id/entries/reorder',
    {
      config: { policy: { access: 'editor', action: 'topic_entry.reorder' } },
      schema: {
        operationId: 'adminReorderTopicEntries',
        tags: ['Topics'],
        summary: "Set the order of a topic's entries",
        params: TopicParams,
        body: ReorderEntriesBody,
        response: { 200: SuccessFlag },
      },
    },
    async (request) => {
      const { topic_id } = request.params;
      await reorderEntries(app.db, request.tenantId, topic_id, request.body.topicEntryIds);
      return { success: true };
    },
  );
  renameTopicAdminRoute(app);
}
