import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminImportPath, ImportRowCursor, ReviewItem } from './imports.schemas.js';
import { reviewList } from './imports.service.js';

/** GET /tenants/{tenant}/imports/{importId}/audiences: the review list of an import. */
export function reviewImportAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/imports/:import_id/audiences',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminReviewImport',
        tags: ['Imports'],
        summary:
          "The import's audiences in file order, each with its latest version, reply, reasoning and grounding",
        params: AdminImportPath,
        querystring: Type.Object({
          cursor: ImportRowCursor,
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: {
          200: Type.Object({
            items: Type.Array(ReviewItem),
            nextCursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...problemResponses('not_found'),
        },
      },
    },
    async (request) =>
      reviewList(
        app.db,
        request.tenantId,
        request.params.import_id,
        Number(request.query.cursor ?? 0),
        request.query.limit ?? 50,
      ),
  );
}
