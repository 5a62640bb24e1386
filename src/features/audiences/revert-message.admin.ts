import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { AudienceVersion, toVersion } from './audiences.schemas.js';
import { bodyDefaultsToEmpty, RestoreBody } from './restore-version.admin.js';
import { revertMessage } from './rollback.service.js';

/** POST /tenants/{tenant}/messages/{messageId}/revert: undo one message by restoring the version before it. */
export function revertMessageAdminRoute(app: App): void {
  app.post(
    '/tenants/:tenant/messages/:message_id/revert',
    {
      config: { policy: { access: 'publisher', action: 'message.revert' } },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'adminRevertMessage',
        tags: ['Audiences'],
        summary: 'Undo a message: restore the version before it',
        params: Type.Object({ tenant: PathId, message_id: PathId }),
        body: RestoreBody,
        response: { 201: AudienceVersion },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const version = await revertMessage(app.db, tenantId, request.params.message_id, request.body);
      return reply.code(201).send(toVersion(version));
    },
  );
}
