import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { TopicWithEntries } from './topics.schemas.js';
import { listTopics } from './topics-reads.service.js';

export function listTopicsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/topics',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListTopics',
        tags: ['Topics'],
        summary: "List a tenant's topics with their entries, newest first",
        description: 'Each topic with `entriesCount` and its first 100 entries in list order.',
        params: Type.Object({ tenant: PathId }),
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }),
        response: { 200: PageOf(TopicWithEntries), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => listTopics(app.db, request.tenantId, request.query),
  );
}
