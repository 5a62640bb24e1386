import type { App } from '../../http/app-types.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { getPage } from '../pages/pages.service.js';
import { PageEngagement } from './engagement.schemas.js';
import { audienceEngagement, pageEngagement } from './engagement.service.js';

/** GET /tenants/{tenant}/pages/{pageId}/engagement: views and clicks (as `quire pages engagement`). */
export function pageEngagementAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/engagement',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetPageEngagement',
        tags: ['Pages'],
        summary: "A page's views and action clicks, per audience and version",
        description:
          '`items`: per audience (`audienceId` null for the page itself) and version. `audiences`: per ' +
          'audience, its versions together (`versionId` null), a visitor counted once per audience.',
        params: AdminPagePath,
        response: { 200: PageEngagement },
      },
    },
    async (request) => {
      const { tenantId } = request;
      const page = await getPage(app.db, tenantId, request.params.page_id);
      return {
        pageId: page.id,
        items: await pageEngagement(app.db, tenantId, page.id),
        audiences: await audienceEngagement(app.db, tenantId, page.id),
      };
    },
  );
}
