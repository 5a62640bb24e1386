import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AudienceVersion, EmptyBody, toVersion, VersionPath } from './audiences.schemas.js';
import { requireVersionOfAudience } from './conversation.service.js';
import { bodyDefaultsToEmpty } from './restore-version.admin.js';
import { restoreVersion } from './rollback.service.js';

/** Extension: restores an earlier version as a new draft, as an operator does (the same service). */
export function restoreVersionRoute(app: App): void {
  app.post(
    '/v0/pages/:page_id/audiences/:audience_id/versions/:version_id/restore',
    {
      config: { scope: 'pages:write' },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'restoreAudienceVersion',
        tags: ['Audiences'],
        summary: 'Restore an earlier version as a new draft',
        description:
          "Extension. Appends the audience's next version, a `draft` holding the content of `version_id` (its button titles laid over the page's current actions), with a reply in the conversation saying which version it restores and what changes. History stays linear: nothing is rewritten. It publishes nothing: publish the new draft with `publishAudienceVersion` (scope `pages:publish`). Only a version holding content (draft, published, archived) can be restored, and not on an archived audience (409). `Location` names the audience.",
        params: VersionPath,
        body: EmptyBody,
        response: { 201: AudienceVersion, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request, reply) => {
      const { page_id, audience_id, version_id } = request.params;
      await requireVersionOfAudience(app.db, request.tenantId, page_id, audience_id, version_id);
      const restored = await restoreVersion(app.db, request.tenantId, version_id);
      return reply
        .code(201)
        .header('Location', `/v0/pages/${page_id}/audiences/${audience_id}`)
        .send(toVersion(restored));
    },
  );
}
