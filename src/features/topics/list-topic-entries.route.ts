import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { TopicEntry } from './topics.schemas.js';
import { listTopicEntries } from './topics-reads.service.js';

export function listTopicEntriesRoute(app: App): void {
  app.get(
    '/v0/topics/:topic_id/entries',
    {
      config: { scope: 'assets:read' },
      schema: {
        operationId: 'listTopicEntries',
        tags: ['Topics'],
        summary: 'List the entries of a topic',
        description:
          'Entries in `sortOrder` ascending, then oldest first. Content types: `text`, `markdown`, `url`. ' +
          'An unknown topic is a 404 `topic_not_found`.',
        params: Type.Object({ topic_id: PathId }),
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }),
        response: { 200: PageOf(TopicEntry), ...problemResponses('topic_not_found', 'invalid_cursor') },
      },
    },
    async (request) => listTopicEntries(app.db, request.tenantId, request.params.topic_id, request.query),
  );
}
