import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { importCsvAdmin } from './import-csv.js';
import { importEngagement, importEngagementCsv } from './import-engagement.service.js';
import { AdminImportPath, ImportEngagement, ImportRowCursor } from './imports.schemas.js';

/** Which of an import's accounts visited, clicked and submitted: as JSON pages, and as a CSV file. */
export function importEngagementAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/imports/:import_id/engagement',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetImportEngagement',
        tags: ['Imports'],
        summary: "Which of the import's accounts and persons visited their page, clicked, submitted a form",
        description:
          "One item per audience of the import, in file order, with its person, account, public URL and the page's " +
          'views, clicks and form submissions (tests left out), every version together, and when it was last seen. ' +
          '`totals` (first page only): the audiences and distinct accounts that visited, clicked and submitted.',
        params: AdminImportPath,
        querystring: Type.Object({
          cursor: ImportRowCursor,
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
        }),
        response: {
          200: ImportEngagement,
          ...problemResponses('not_found'),
        },
      },
    },
    async (request) =>
      importEngagement(
        app.db,
        request.tenantId,
        request.params.import_id,
        app.config.publicBaseUrl,
        Number(request.query.cursor ?? 0),
        request.query.limit ?? 50,
      ),
  );
  importCsvAdmin(app, {
    name: 'engagement',
    operationId: 'adminExportImportEngagement',
    summary: "The import's engagement as CSV, one row per audience",
    about:
      'Columns `audience_id,person,email,account,domain,url,views,unique_visitors,clicks,submissions,last_seen_at`, ' +
      'in file order. ',
    lines: (tenantId, importId) => importEngagementCsv(app.db, tenantId, importId, app.config.publicBaseUrl),
  });
}
