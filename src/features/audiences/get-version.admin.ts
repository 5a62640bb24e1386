import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminVersionPath } from './audiences.schemas.js';
import { VersionDetail } from './audiences-admin.schemas.js';
import { showVersion } from './audiences-reads.service.js';

export function getVersionAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/versions/:version_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetVersion',
        tags: ['Audiences'],
        summary: 'Show a version',
        description: 'The version with its full content and status timestamps.',
        params: AdminVersionPath,
        response: { 200: VersionDetail, ...problemResponses('not_found') },
      },
    },
    async (request) => showVersion(app.db, request.tenantId, request.params.version_id),
  );
}
