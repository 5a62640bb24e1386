import { linksOf } from '../../domain/public-links.js';
import type { App } from '../../http/app-types.js';
import { PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { PagePath } from '../pages/pages.schemas.js';
import { Audience } from './audiences.schemas.js';
import { audienceFilters, listAudiences } from './audiences-reads.service.js';
import { ListAudiencesQuery } from './list-audiences.admin.js';

/** Extension: a page's audiences, the same read as the operator API's, with public and preview URLs. */
export function listAudiencesRoute(app: App): void {
  app.get(
    '/v0/pages/:page_id/audiences',
    {
      config: { scope: 'pages:read' },
      schema: {
        operationId: 'listAudiences',
        tags: ['Audiences'],
        summary: "List a page's audiences, newest first",
        description:
          "Extension. The audiences of a page, archived ones included, newest first, each as `GET .../audiences/{audience_id}` shows it (with `publicUrl` and the versions' `previewUrl`). `status` (`archived`, or the newest version's status), `person` (a personId) and `published` narrow the list. Keyset pagination: pass `nextCursor` back as `cursor`. `totalCount` is exact. Another tenant's page is not found.",
        params: PagePath,
        querystring: ListAudiencesQuery,
        response: { 200: PageOf(Audience), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) =>
      listAudiences(
        app.db,
        request.tenantId,
        request.params.page_id,
        audienceFilters(request.query),
        linksOf(app.config),
      ),
  );
}
