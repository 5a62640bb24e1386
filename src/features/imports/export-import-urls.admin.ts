import type { App } from '../../http/app-types.js';
import { importCsvAdmin } from './import-csv.js';
import { urlsCsv } from './imports.service.js';

/** GET /tenants/{tenant}/imports/{importId}/urls.csv: the audiences' public URLs for outreach tools. */
export function exportImportUrlsAdmin(app: App): void {
  importCsvAdmin(app, {
    name: 'urls',
    operationId: 'adminExportImportUrls',
    summary: "The import's audiences with their public URL, person, email and account, as CSV",
    about:
      'For sequencing tools (Outreach, Salesloft, HubSpot sequences): one row per audience in file order, ' +
      'columns `audience_id,person,email,account,domain,status,url`. ',
    lines: (tenantId, importId) => urlsCsv(app.db, tenantId, importId, app.config.publicBaseUrl),
  });
}
