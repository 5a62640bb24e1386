import type { App } from '../../http/app-types.js';
import { exportFormSubmissionsAdmin } from './export-form-submissions.admin.js';
import { listFormSubmissionsAdmin } from './list-form-submissions.admin.js';
import { markFormSubmissionAdmin } from './mark-form-submission.admin.js';

/** Operator API of form submissions (docs/forms.md). */
export function formsAdminRoutes(app: App): void {
  listFormSubmissionsAdmin(app);
  exportFormSubmissionsAdmin(app);
  markFormSubmissionAdmin(app);
}
