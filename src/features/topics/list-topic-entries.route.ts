import { Type } from 'typebox';
import { readCounter } from '../../db/counters.repository.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, decodeCursor, LimitQuery, PageOf, pageSize, toPage } from '../../http/pagination.js';
import { problemResponses } from '../../http/problem.js';
import { listEntries } from './topics.repository.js';
import { TopicEntry, toTopicEntry } from './topics.schemas.js';
import { entriesCounter, requireTopic } from './topics.service.js';

const SORT_KEY = ['number', 'number', 'string'] as const; // sort_order asc, created_at asc, id asc

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
    async (request) => {
      const topicId = request.params.topic_id;
      const filters = { topicId };
      const after = decodeCursor(request.query.cursor, SORT_KEY, filters);
      const limit = pageSize(request.query.limit);
      await requireTopic(app.db, request.tenantId, topicId);
      const [rows, totalCount] = await Promise.all([
        listEntries(app.db, request.tenantId, topicId, after, limit + 1),
        readCounter(app.db, request.tenantId, entriesCounter(topicId)),
      ]);
      return toPage(rows, limit, {
        keyOf: (row) => [row.sort_order, row.created_at, row.id],
        filters,
        totalCount,
        map: toTopicEntry,
      });
    },
  );
}
