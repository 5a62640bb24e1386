import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { Page, PagePath, RestorePageBody, toPage } from './pages.schemas.js';
import { restorePage } from './pages.service.js';

export function restorePageRoute(app: App): void {
  app.post(
    '/v0/pages/:page_id/restore',
    {
      config: { scope: 'pages:write' },
      schema: {
        operationId: 'restorePage',
        tags: ['Pages'],
        summary: 'Restore a page',
        description:
          'An archived page returns to the status it had before it was archived (`draft` if unknown) and `archivedAt` becomes null; a deleted page also gets `deletedAt` null. A page that is neither archived nor deleted is returned unchanged (200).',
        params: PagePath,
        body: RestorePageBody,
        response: { 200: Page, ...problemResponses('not_found') },
      },
    },
    async (request) => toPage(await restorePage(app.db, request.tenantId, request.params.page_id)),
  );
}
