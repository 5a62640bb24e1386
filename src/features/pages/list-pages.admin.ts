import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { AdminTenantPath, Page, PageStatus } from './pages.schemas.js';
import { listPages } from './pages-reads.service.js';

export const ListPagesQuery = Type.Object({
  status: Type.Optional(PageStatus),
  search: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'A part of the name, any case.' }),
  ),
  cursor: CursorQuery,
  limit: LimitQuery,
});

export function listPagesAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListPages',
        tags: ['Pages'],
        summary: "List a tenant's pages, newest first",
        description:
          'Every page of the tenant, archived and deleted ones included, newest first; `status` and `search` (a part of the name, any case) narrow the list. `totalCount` is exact.',
        params: AdminTenantPath,
        querystring: ListPagesQuery,
        response: { 200: PageOf(Page), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => listPages(app.db, request.tenantId, request.query),
  );
}
