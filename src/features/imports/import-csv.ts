import type { App } from '../../http/app-types.js';
import { CSV_FILE_RESPONSE, sendCsv } from '../../http/csv-download.js';
import { problemResponses } from '../../http/problem.js';
import { AdminImportPath } from './imports.schemas.js';
import { getImport } from './imports.service.js';

/** What every import CSV says of its cells (csvCell neutralises them). */
const FORMULA_CELLS =
  'Cells a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) start with an apostrophe.';

/**
 * GET /tenants/{tenant}/imports/{importId}/<name>.csv, downloaded as `import-<name>-<importId>.csv`:
 * one shape for every CSV of an import. The job is looked up before the file starts, so an
 * unknown import is a 404, not a broken download.
 */
export function importCsvAdmin(
  app: App,
  csv: {
    name: string;
    operationId: string;
    summary: string;
    /** What the file holds, before the sentence on formula cells. */
    about: string;
    lines: (tenantId: string, importId: string) => AsyncIterable<string>;
  },
): void {
  app.get(
    `/tenants/:tenant/imports/:import_id/${csv.name}.csv`,
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: csv.operationId,
        tags: ['Imports'],
        summary: csv.summary,
        description: `${csv.about}${FORMULA_CELLS}`,
        params: AdminImportPath,
        response: {
          200: CSV_FILE_RESPONSE,
          ...problemResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const job = await getImport(app.db, request.tenantId, request.params.import_id);
      return sendCsv(reply, `import-${csv.name}-${job.id}.csv`, csv.lines(request.tenantId, job.id));
    },
  );
}
