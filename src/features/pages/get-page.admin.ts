import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminPagePath, Page } from './pages.schemas.js';
import { showPage } from './pages-reads.service.js';

export function getPageAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetPage',
        tags: ['Pages'],
        summary: 'Show a page',
        description: "The page with all its members; another tenant's page is a 404.",
        params: AdminPagePath,
        response: { 200: Page, ...problemResponses('not_found') },
      },
    },
    async (request) => showPage(app.db, request.tenantId, request.params.page_id),
  );
}
