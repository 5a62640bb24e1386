import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../lists/pagination.js';
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
          'The conversation with the page agent: messages oldest first (all of them, or with `limit`/`cursor` a window of the newest; the user\'s and the agent\'s replies, with `reasoning` and `changes`), the current content as `context` (keywords joined with ", "; an unset value is ""), and `pendingChanges`: the changes of versions newer than the published one.',
        params: AudiencePath,
        querystring: Type.Object({
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: Number.MAX_SAFE_INTEGER,
              description: `Extension: return only the newest \`limit\` messages (before \`cursor\`), still oldest first; ${DEFAULT_LIMIT} when only \`cursor\` is given, values above ${MAX_LIMIT} are treated as ${MAX_LIMIT}. Without \`limit\` and \`cursor\` every message is returned.`,
            }),
          ),
          cursor: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 1024,
              description:
                'Extension: the `messagesWindow.nextCursor` of the previous window (older messages).',
            }),
          ),
          after: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 255,
              description:
                'Extension: only the messages after this message (a `messageId` you have, e.g. from a `message.created` event), oldest first; `pendingChanges` and `context` as always. Not with `limit` or `cursor`; an id that is not a message of this conversation is a 400.',
            }),
          ),
        }),
        response: { 200: Conversation, ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request, reply) => {
      const { page_id, audience_id } = request.params;
      const { limit, cursor, after } = request.query;
      // 'close' comes once the response is sent or the client left.
      const window = { limit, cursor, after };
      return readConversation(app.db, request.tenantId, page_id, audience_id, window, (release) =>
        reply.raw.once('close', release),
      );
    },
  );
}
