import type { App } from '../../http/app-types.js';
import { PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { ListPagesQuery } from './list-pages.admin.js';
import { Page } from './pages.schemas.js';
import { listPages } from './pages-reads.service.js';

/** Extension: the tenant's pages, the same read as the operator API's (so an MCP tool can find a page). */
export function listPagesRoute(app: App): void {
  app.get(
    '/v0/pages',
    {
      config: { scope: 'pages:read' },
      schema: {
        operationId: 'listPages',
        tags: ['Pages'],
        summary: 'List pages, newest first',
        description:
          'Extension. Every page of your tenant, archived and deleted ones included (with `archivedAt`/`deletedAt`), newest first; `status` (`draft`, `published`, `archived`) and `search` (a part of the name, any case) narrow the list. Keyset pagination: pass `nextCursor` back as `cursor`. `totalCount` is exact.',
        querystring: ListPagesQuery,
        response: { 200: PageOf(Page), ...problemResponses('invalid_cursor') },
      },
    },
    async (request) => listPages(app.db, request.tenantId, request.query),
  );
}
