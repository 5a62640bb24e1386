import type { App } from '../../http/app-types.js';
import { CSV_FILE_RESPONSE, sendCsv } from '../../http/csv-download.js';
import { problemResponses } from '../../http/problem.js';
import { AdminImportPath } from './imports.schemas.js';
import { getImport, urlsCsv } from './imports.service.js';

/** GET /tenants/{tenant}/imports/{importId}/urls.csv: the audiences' public URLs for outreach tools. */
export function exportImportUrlsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/imports/:import_id/urls.csv',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminExportImportUrls',
        tags: ['Imports'],
        summary: "The import's audiences with their public URL, person, email and account, as CSV",
        description:
          'For sequencing tools (Outreach, Salesloft, HubSpot sequences): one row per audience in file order, ' +
          'columns `audience_id,person,email,account,domain,status,url`. Cells a spreadsheet would read as a ' +
          'formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) start with an apostrophe.',
        params: AdminImportPath,
        response: {
          200: CSV_FILE_RESPONSE,
          ...problemResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const job = await getImport(app.db, request.tenantId, request.params.import_id);
      return sendCsv(
        reply,
        `import-urls-${job.id}.csv`,
        urlsCsv(app.db, request.tenantId, job.id, app.config.publicBaseUrl),
      );
    },
  );
}
