import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { markReplayed } from '../../http/idempotency.js';
import { MessageAccepted, SendMessageBody } from './audiences.schemas.js';
import { sendMessage } from './conversation.service.js';

/**
 * POST /admin/v0/tenants/{tenant}/pages/{pageId}/audiences/{audienceId}/messages: an operator
 * writes to the audience's page agent (editor role), through the same conversation service and
 * with the same rules as POST /v0/.../messages (202, `clientMessageId` replays).
 */
export function sendMessageAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/pages/:page_id/audiences/:audience_id/messages',
    {
      config: { policy: { access: 'editor', action: 'message.send' } },
      schema: {
        operationId: 'adminSendAudienceMessage',
        tags: ['Audiences'],
        summary: 'Send the agent a message about an audience (it writes a new version)',
        params: Type.Object({ tenant: PathId, page_id: PathId, audience_id: PathId }),
        body: SendMessageBody,
        response: { 202: MessageAccepted },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const { page_id, audience_id } = request.params;
      const { accepted, replayed } = await sendMessage(app.db, tenantId, page_id, audience_id, request.body);
      if (replayed) markReplayed(reply);
      return reply.code(202).send(accepted);
    },
  );
}
