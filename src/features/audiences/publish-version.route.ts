import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AudienceVersion, EmptyBody, toVersion, VersionPath } from './audiences.schemas.js';
import { requireVersionOfAudience } from './conversation.service.js';
import { bodyDefaultsToEmpty } from './restore-version.admin.js';
import { publishVersion } from './versions.service.js';

/** Extension: publishes a draft, as an operator does; its own scope, pages:publish (docs/admin-api.md). */
export function publishVersionRoute(app: App): void {
  app.post(
    '/v0/pages/:page_id/audiences/:audience_id/versions/:version_id/publish',
    {
      config: { scope: 'pages:publish' },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'publishAudienceVersion',
        tags: ['Audiences'],
        summary: 'Publish a draft version',
        description:
          "Extension. The draft becomes the audience's published version: visitors of its hosted page see it at once (behind a CDN within 60 s). The version published before becomes `archived`, older drafts become `archived` with `obsoleteAt`. Only a draft can be published (409 otherwise). Needs the `pages:publish` scope, which `pages:write` does not include: a key that drafts cannot make a draft public unless it is also given this scope. The body is empty (or absent).",
        params: VersionPath,
        body: EmptyBody,
        response: { 200: AudienceVersion, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) => {
      const { page_id, audience_id, version_id } = request.params;
      await requireVersionOfAudience(app.db, request.tenantId, page_id, audience_id, version_id);
      return toVersion(await publishVersion(app.db, request.tenantId, version_id));
    },
  );
}
