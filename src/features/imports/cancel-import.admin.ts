import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminImportPath, ImportJob } from './imports.schemas.js';
import { cancelImport, presentImport } from './imports.service.js';

/** POST /tenants/{tenant}/imports/{importId}/cancel: stops a running job; what it made stays. */
export function cancelImportAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/imports/:import_id/cancel',
    {
      config: { policy: { access: 'editor', action: 'import.cancel' } },
      schema: {
        operationId: 'adminCancelImport',
        tags: ['Imports'],
        summary: 'Cancel a running import: rows not yet applied are left; audiences already made stay',
        params: AdminImportPath,
        response: { 200: ImportJob, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) =>
      presentImport(app.db, await cancelImport(app.db, request.tenantId, request.params.import_id)),
  );
}
