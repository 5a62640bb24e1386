import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { importCsvAdmin } from './import-csv.js';
import { AdminImportPath, ImportReject } from './imports.schemas.js';
import { getImport, rejectsCsv, rejectsOf } from './imports.service.js';

/** The refused rows of a job: as JSON, and as a CSV to download (cells neutralised). */
export function importRejectsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/imports/:import_id/rejects',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListImportRejects',
        tags: ['Imports'],
        summary: "An import's refused rows: line, column and reason, in file order",
        params: AdminImportPath,
        response: {
          200: Type.Object({ items: Type.Array(ImportReject) }),
          ...problemResponses('not_found'),
        },
      },
    },
    async (request) => {
      await getImport(app.db, request.tenantId, request.params.import_id);
      return { items: await rejectsOf(app.db, request.tenantId, request.params.import_id) };
    },
  );
  importCsvAdmin(app, {
    name: 'rejects',
    operationId: 'adminExportImportRejects',
    summary: "An import's refused rows as CSV (line, column, reason)",
    about: '',
    lines: (tenantId, importId) => rejectsCsv(app.db, tenantId, importId),
  });
}
