import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminImportPath, ImportJob } from './imports.schemas.js';
import { getImport, presentImport } from './imports.service.js';

/** GET /tenants/{tenant}/imports/{importId}: the job, its counters and how its drafts stand. */
export function getImportAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/imports/:import_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetImport',
        tags: ['Imports'],
        summary:
          'An import job: status, rows read, persons and accounts created or updated, audiences, drafts',
        params: AdminImportPath,
        response: { 200: ImportJob, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      presentImport(app.db, await getImport(app.db, request.tenantId, request.params.import_id)),
  );
}
