import type { Executor } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { setTopicName } from './topics.repository.js';
import { CreateTopicBody, Topic, TopicParams, toTopic } from './topics.schemas.js';

/** An operator renames a topic (the admin API and `quire topics rename`). */
export async function renameTopic(db: Executor, tenantId: string, topicId: string, name: string) {
  if (name.trim() === '') throw ApiError.invalidField('/name', 'name must have visible text');
  const row = await setTopicName(db, tenantId, topicId, name, Date.now());
  if (row === undefined) throw new ApiError('topic_not_found', `No topic ${topicId} in this tenant`);
  return row;
}

/** PATCH /tenants/{tenant}/topics/{topicId}: rename a topic (`{"name": ...}`, the rules of create). */
export function renameTopicAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/topics/:topic_id',
    {
      schema: {
        operationId: 'adminRenameTopic',
        tags: ['Topics'],
        summary: 'Rename a topic',
        params: TopicParams,
        body: CreateTopicBody,
        response: { 200: Topic },
      },
    },
    async (request) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      return toTopic(await renameTopic(app.db, tenantId, request.params.topic_id, request.body.name));
    },
  );
}
