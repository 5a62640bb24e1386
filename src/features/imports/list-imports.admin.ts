import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { ImportJob } from './imports.schemas.js';
import { listPageImports } from './imports.service.js';

/** GET /tenants/{tenant}/pages/{pageId}/imports: the page's import jobs, newest first. */
export function listImportsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/imports',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListImports',
        tags: ['Imports'],
        summary: "A page's import jobs, newest first",
        params: AdminPagePath,
        querystring: Type.Object({
          cursor: CursorQuery,
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
        response: {
          200: Type.Object({
            items: Type.Array(ImportJob),
            nextCursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...problemResponses('not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) =>
      listPageImports(
        app.db,
        request.tenantId,
        request.params.page_id,
        request.query.cursor,
        request.query.limit ?? 20,
      ),
  );
}
