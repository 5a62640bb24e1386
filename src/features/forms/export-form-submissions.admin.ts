import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CSV_FILE_RESPONSE, sendCsv } from '../../http/csv-download.js';
import { problemResponses } from '../../http/problem.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { getPage } from '../pages/pages.service.js';
import { SubmissionFilters } from './forms.schemas.js';
import { exportSubmissionsCsv } from './submissions.service.js';

export function exportFormSubmissionsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/form-submissions.csv',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminExportFormSubmissions',
        tags: ['Pages'],
        summary: "A page's form submissions as CSV",
        description:
          'The same selection as the list, every submission, one row each. Cells that a spreadsheet ' +
          'would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) ' +
          'start with an apostrophe.',
        params: AdminPagePath,
        querystring: Type.Object(SubmissionFilters),
        response: {
          200: CSV_FILE_RESPONSE,
          ...problemResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      // A missing page is a 404 before the file starts.
      const page = await getPage(app.db, tenantId, request.params.page_id);
      return sendCsv(
        reply,
        `form-submissions-${page.id}.csv`,
        exportSubmissionsCsv(app.db, tenantId, page.id, request.query),
      );
    },
  );
}
