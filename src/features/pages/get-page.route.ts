import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { Page, PagePath, toPage } from './pages.schemas.js';
import { getPage } from './pages.service.js';

export function getPageRoute(app: App): void {
  app.get(
    '/v0/pages/:page_id',
    {
      config: { scope: 'pages:read' },
      schema: {
        operationId: 'getPage',
        tags: ['Pages'],
        summary: 'Get a page',
        description:
          'Returns a page with its actions, action card widgets, scripts, footer links and metadata. Archived and deleted pages are returned too (with `archivedAt`/`deletedAt`), so they can be restored.',
        params: PagePath,
        response: { 200: Page, ...problemResponses('not_found') },
      },
    },
    async (request) => toPage(await getPage(app.db, request.tenantId, request.params.page_id)),
  );
}
