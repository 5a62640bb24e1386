import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { TopicParams, TopicWithEntries } from './topics.schemas.js';
import { showTopic } from './topics-reads.service.js';

export function getTopicAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/topics/:topic_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetTopic',
        tags: ['Topics'],
        summary: 'Show a topic with its entries',
        params: TopicParams,
        response: { 200: TopicWithEntries, ...problemResponses('not_found', 'topic_not_found') },
      },
    },
    async (request) => showTopic(app.db, request.tenantId, request.params.topic_id),
  );
}
