import type { App } from '../../http/app-types.js';
import { AdminAudiencePath, Audience } from './audiences.schemas.js';
import { presentAudience } from './audiences.service.js';
import { unarchiveAudience } from './rollback.service.js';

/** POST /tenants/{tenant}/audiences/{audienceId}/unarchive: an archived audience comes back. */
export function unarchiveAudienceAdminRoute(app: App): void {
  app.post(
    '/tenants/:tenant/audiences/:audience_id/unarchive',
    {
      config: { policy: { access: 'editor', action: 'audience.unarchive' } },
      schema: {
        operationId: 'adminUnarchiveAudience',
        tags: ['Audiences'],
        summary: 'Bring an archived audience back',
        params: AdminAudiencePath,
        response: { 200: Audience },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return presentAudience(app.db, await unarchiveAudience(app.db, tenantId, request.params.audience_id));
    },
  );
}
