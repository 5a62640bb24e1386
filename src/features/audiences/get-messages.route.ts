import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AudiencePath, Conversation } from './audiences.schemas.js';
import { readConversation } from './conversation.service.js';

export function getMessagesRoute(app: App): void {
  app.get(
    '/v0/pages/:page_id/audiences/:audience_id/messages',
    {
      config: { scope: 'pages:read' },
      schema: {
        operationId: 'getAudienceMessages',
        tags: ['Audiences'],
        summary: "Read the audience's conversation",
        description:
          'The conversation with the page agent: messages oldest first (the user\'s and the agent\'s replies, with `reasoning` and `changes`), the current content as `context` (keywords joined with ", "; an unset value is ""), and `pendingChanges`: the changes of versions newer than the published one.',
        params: AudiencePath,
        response: { 200: Conversation, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { page_id, audience_id } = request.params;
      return readConversation(app.db, request.tenantId, page_id, audience_id);
    },
  );
}
