import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { Nullable, Timestamp } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { AdminAudiencePath, Message } from './audiences.schemas.js';
import { listConversation } from './audiences-reads.service.js';

export const ConversationPage = Type.Object(
  {
    ...PageOf(Message).properties,
    conversationId: Type.String(),
    audienceId: Type.String(),
    publishedMessageId: Nullable(Type.String()),
    createdAt: Timestamp,
  },
  { title: 'ConversationPage' },
);

export function listConversationAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/audiences/:audience_id/conversation',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListConversation',
        tags: ['Audiences'],
        summary: "Read an audience's conversation, a page at a time",
        description:
          'Messages oldest first, each with the changes its version made; `from=newest` pages backwards from the newest.',
        params: AdminAudiencePath,
        querystring: Type.Object({
          from: Type.Optional(
            Type.Union([Type.Literal('oldest'), Type.Literal('newest')], {
              description:
                '`newest`: the first page holds the newest messages and `nextCursor` reads older ones (each page still oldest first). `oldest` (the default) pages forward from the first message.',
            }),
          ),
          cursor: CursorQuery,
          limit: LimitQuery,
        }),
        response: { 200: ConversationPage, ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return listConversation(app.db, tenantId, request.params.audience_id, request.query);
    },
  );
}
