import type { App } from '../../http/app-types.js';
import { markReplayed } from '../../http/idempotency.js';
import { problemResponses } from '../../http/problem.js';
import { AudiencePath, MessageAccepted, SendMessageBody } from './audiences.schemas.js';
import { sendMessage } from './conversation.service.js';

export function sendMessageRoute(app: App): void {
  app.post(
    '/v0/pages/:page_id/audiences/:audience_id/messages',
    {
      config: { scope: 'pages:write' },
      schema: {
        operationId: 'sendAudienceMessage',
        tags: ['Audiences'],
        summary: 'Send a message to the page agent',
        description:
          "Stores the message in the conversation at once and queues a version for the page agent (202). The agent's reply appears in the conversation when the version becomes a draft. `clientMessageId` (generated when omitted) makes the call idempotent: the same id and body replay the first answer; the same id with another body is a 422. `selectedElement` is stored and handed to the agent.",
        params: AudiencePath,
        body: SendMessageBody,
        response: {
          202: MessageAccepted,
          ...problemResponses('not_found', 'conflict', 'idempotency_key_reused'),
        },
      },
    },
    async (request, reply) => {
      const { page_id, audience_id } = request.params;
      const { accepted, replayed } = await sendMessage(
        app.db,
        request.tenantId,
        page_id,
        audience_id,
        request.body,
      );
      if (replayed) markReplayed(reply);
      return reply.code(202).send(accepted);
    },
  );
}
