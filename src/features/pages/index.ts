import type { App } from '../../http/app-types.js';
import { getPageRoute } from './get-page.route.js';
import { listPagesRoute } from './list-pages.route.js';
import { restorePageRoute } from './restore-page.route.js';

/** GET /v0/pages/{page_id}, POST /v0/pages/{page_id}/restore; extension: GET /v0/pages */
export function pagesRoutes(app: App): void {
  listPagesRoute(app);
  getPageRoute(app);
  restorePageRoute(app);
}
