import type { App } from '../../http/app-types.js';
import { listFormSubmissionsRoute } from './list-form-submissions.route.js';

/** Extension: GET /v0/pages/{page_id}/form-submissions (the operator API's are in admin.routes.ts). */
export function formsRoutes(app: App): void {
  listFormSubmissionsRoute(app);
}
