import type { App } from '../../http/app-types.js';
import { cancelImportAdmin } from './cancel-import.admin.js';
import { exportImportUrlsAdmin } from './export-import-urls.admin.js';
import { getImportAdmin } from './get-import.admin.js';
import { importEngagementAdmin } from './import-engagement.admin.js';
import { IMPORT_MAX_BYTES } from './import-parse.js';
import { importRejectsAdmin } from './import-rejects.admin.js';
import { listImportsAdmin } from './list-imports.admin.js';
import { publishImportAdmin } from './publish-import.admin.js';
import { reviewImportAdmin } from './review-import.admin.js';
import { IMPORT_CONTENT_TYPES, startImportAdmin } from './start-import.admin.js';

/** Operator API of target-list imports (docs/imports.md). */
export function importsAdminRoutes(app: App): void {
  // A target list arrives as the body itself, read as text for the import to check.
  app.addContentTypeParser(
    IMPORT_CONTENT_TYPES,
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  startImportAdmin(app);
  listImportsAdmin(app);
  getImportAdmin(app);
  cancelImportAdmin(app);
  importRejectsAdmin(app);
  exportImportUrlsAdmin(app);
  reviewImportAdmin(app);
  publishImportAdmin(app);
  importEngagementAdmin(app);
}
