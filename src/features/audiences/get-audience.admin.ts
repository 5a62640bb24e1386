import { linksOf } from '../../domain/public-links.js';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminAudiencePath, Audience } from './audiences.schemas.js';
import { showAudience } from './audiences-reads.service.js';

export function getAudienceAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/audiences/:audience_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetAudience',
        tags: ['Audiences'],
        summary: 'Show an audience',
        description:
          'The audience with its latest and published versions, its public URL and the preview links of its versions with content, as the list shows it.',
        params: AdminAudiencePath,
        response: { 200: Audience, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      showAudience(app.db, request.tenantId, request.params.audience_id, linksOf(app.config)),
  );
}
