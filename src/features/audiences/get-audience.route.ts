import { linksOf } from '../../domain/public-links.js';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { Audience, AudiencePath } from './audiences.schemas.js';
import { presentAudience } from './audiences.service.js';
import { requireAudience } from './conversation.service.js';

export function getAudienceRoute(app: App): void {
  app.get(
    '/v0/pages/:page_id/audiences/:audience_id',
    {
      config: { scope: 'pages:read' },
      schema: {
        operationId: 'getAudience',
        tags: ['Audiences'],
        summary: 'Get an audience of a page',
        description:
          "An audience is a personalised variant of a page. `status` is its latest version's status (`archived` when the audience is archived); `publishedVersion` is null until a version is published. An audience under another page's id is not found.",
        params: AudiencePath,
        response: { 200: Audience, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { page_id, audience_id } = request.params;
      return presentAudience(
        app.db,
        await requireAudience(app.db, request.tenantId, page_id, audience_id),
        undefined,
        linksOf(app.config),
      );
    },
  );
}
