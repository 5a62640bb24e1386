import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { AdminAudiencePath } from './audiences.schemas.js';
import { VersionDetail } from './audiences-admin.schemas.js';
import { listVersions } from './audiences-reads.service.js';

export function listVersionsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/audiences/:audience_id/versions',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListVersions',
        tags: ['Audiences'],
        summary: "List an audience's versions, newest first",
        description: 'Every version with its full content (what the agent wrote) and status timestamps.',
        params: AdminAudiencePath,
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }),
        response: { 200: PageOf(VersionDetail), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return listVersions(app.db, tenantId, request.params.audience_id, request.query);
    },
  );
}
