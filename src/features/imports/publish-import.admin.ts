import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminImportPath, PublishImportBody, PublishImportResult } from './imports.schemas.js';
import { publishImportDrafts } from './imports.service.js';

/** POST /tenants/{tenant}/imports/{importId}/publish: publish the drafts of many audiences at once. */
export function publishImportAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/imports/:import_id/publish',
    {
      config: { policy: { access: 'publisher', action: 'import.publish' } },
      schema: {
        operationId: 'adminPublishImport',
        tags: ['Imports'],
        summary:
          "Publish the latest drafts of the import's audiences: those named, or all that passed the grounding check",
        description:
          'Give `audienceIds` (audiences of this import) or `allGrounded: true`. Each publish is the ordinary one; ' +
          'an audience whose latest version is not a draft is listed in `skipped` with the reason.',
        params: AdminImportPath,
        body: PublishImportBody,
        response: { 200: PublishImportResult, ...problemResponses('not_found') },
      },
    },
    async (request) => publishImportDrafts(app.db, request.tenantId, request.params.import_id, request.body),
  );
}
