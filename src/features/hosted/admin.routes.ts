import type { App } from '../../http/app-types.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { getPage } from '../pages/pages.service.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { pageEngagement } from './engagement.service.js';

/** Operator API of hosted pages: engagement counts (the same service as `quire pages engagement`). */
export function hostedAdminRoutes(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/engagement',
    { schema: { params: AdminPagePath } },
    async (request) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      const page = await getPage(app.db, tenantId, request.params.page_id);
      return { pageId: page.id, items: await pageEngagement(app.db, tenantId, page.id) };
    },
  );
}
