import type { App } from '../../http/app-types.js';
import { renameTopic } from './rename-topic.service.js';
import { CreateTopicBody, Topic, TopicParams, toTopic } from './topics.schemas.js';

/** PATCH /tenants/{tenant}/topics/{topicId}: rename a topic (`{"name": ...}`, the rules of create). */
export function renameTopicAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/topics/:topic_id',
    {
      config: { policy: { access: 'editor', action: 'topic.rename' } },
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
      const { tenantId } = request;
      return toTopic(await renameTopic(app.db, tenantId, request.params.topic_id, request.body.name));
    },
  );
}
