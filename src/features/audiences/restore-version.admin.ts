import { type Static, Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { AdminVersionPath, AudienceVersion, toVersion } from './audiences.schemas.js';
import { restoreVersion } from './rollback.service.js';

export const RestoreBody = Type.Object(
  {
    publish: Type.Optional(
      Type.Boolean({ description: 'Publish the new version at once (default: it stays a draft).' }),
    ),
  },
  { additionalProperties: false },
);
export type RestoreBody = Static<typeof RestoreBody>;

/** The body is optional: no body means `{}` (a draft). Runs before validation. */
export function bodyDefaultsToEmpty(request: { body: unknown }, _reply: unknown, done: () => void): void {
  request.body ??= {};
  done();
}

/** POST /tenants/{tenant}/versions/{versionId}/restore: that version's content as the audience's next version. */
export function restoreVersionAdminRoute(app: App): void {
  app.post(
    '/tenants/:tenant/versions/:version_id/restore',
    {
      config: { policy: { access: 'publisher', action: 'version.restore' } },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'adminRestoreVersion',
        tags: ['Audiences'],
        summary: 'Restore an earlier version as a new draft (optionally published at once)',
        params: AdminVersionPath,
        body: RestoreBody,
        response: { 201: AudienceVersion },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const version = await restoreVersion(app.db, tenantId, request.params.version_id, request.body);
      return reply.code(201).send(toVersion(version));
    },
  );
}
