import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Page, toPage } from './pages.schemas.js';
import { restorePage } from './pages.service.js';

export function restorePageRoute(app: App): void {
  app.post(
    '/v0/pages/:page_id/restore',
    {
      schema: {
        operationId: 'restorePage',
        tags: ['Pages'],
        summary: 'Restore a page',
        description:
          'An archived page returns to the status it had before it was archived (`draft` if unknown) and `archivedAt` becomes null; a deleted page also gets `deletedAt` null. A page that is neither archived nor deleted is returned unchanged (200).',
        params: Type.Object({ page_id: PathId }),
        body: Type.Object({}, { additionalProperties: false, description: 'An empty JSON object.' }),
        response: { 200: Page, ...problemResponses(404) },
      },
    },
    async (request) => toPage(await restorePage(app.db, request.tenantId, request.params.page_id)),
  );
}
