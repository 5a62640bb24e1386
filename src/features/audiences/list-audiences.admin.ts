import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { FlagQuery } from '../../http/query-flags.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { Audience } from './audiences.schemas.js';
import { audienceFilters, listAudiences } from './audiences-reads.service.js';

export const ListAudiencesQuery = Type.Object({
  status: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 20,
      description: "`archived`, or the newest version's status (`queued`, `draft`, `published`...).",
    }),
  ),
  person: Type.Optional(PathId),
  published: FlagQuery(
    'Only audiences with (`true`) or without (`false`) a published version; absent: both.',
  ),
  cursor: CursorQuery,
  limit: LimitQuery,
});

export function listAudiencesAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/audiences',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListAudiences',
        tags: ['Audiences'],
        summary: "List a page's audiences, newest first",
        description:
          'Archived audiences included. `status`, `person` (a personId) and `published` narrow the list. `totalCount` is exact.',
        params: AdminPagePath,
        querystring: ListAudiencesQuery,
        response: { 200: PageOf(Audience), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return listAudiences(app.db, tenantId, request.params.page_id, audienceFilters(request.query));
    },
  );
}
