import type { App } from '../../http/app-types.js';
import { markReplayed } from '../../http/idempotency.js';
import { problemResponses } from '../../http/problem.js';
import { AudiencePath, AudienceVersion, CreateVersionBody, toVersion } from './audiences.schemas.js';
import { createVersion } from './versions.service.js';

export function createVersionRoute(app: App): void {
  app.post(
    '/v0/pages/:page_id/audiences/:audience_id/versions',
    {
      config: { scope: 'pages:write' },
      schema: {
        operationId: 'createAudienceVersion',
        tags: ['Audiences'],
        summary: 'Create an audience version',
        description:
          'Queues a new version for the page agent: `queued`, or `pending` while an earlier version of the audience is queued or processing. `operationKey` (unique per audience) makes the call idempotent: repeating it returns the same version (current state) with `Idempotent-Replayed: true`. `Location` names the audience, whose `latestVersion` shows the version.',
        params: AudiencePath,
        body: CreateVersionBody,
        response: {
          201: AudienceVersion,
          ...problemResponses('not_found', 'conflict', 'idempotency_key_reused'),
        },
      },
    },
    async (request, reply) => {
      const { page_id, audience_id } = request.params;
      const { version, replayed } = await createVersion(
        app.db,
        request.tenantId,
        page_id,
        audience_id,
        request.body.operationKey,
      );
      if (replayed) markReplayed(reply);
      return reply
        .code(201)
        .header('Location', `/v0/pages/${page_id}/audiences/${audience_id}`)
        .send(toVersion(version));
    },
  );
}
