import type { App } from '../../http/app-types.js';
import { pageEngagementAdmin } from './page-engagement.admin.js';
import { previewVersionAdmin } from './preview-version.admin.js';

/** Operator API of hosted pages: engagement counts (as `quire pages engagement`) and preview links. */
export function hostedAdminRoutes(app: App): void {
  pageEngagementAdmin(app);
  previewVersionAdmin(app);
}
