import type { App } from '../../http/app-types.js';
import { createAudienceRoute } from './create-audience.route.js';
import { createVersionRoute } from './create-version.route.js';
import { getAudienceRoute } from './get-audience.route.js';
import { getMessagesRoute } from './get-messages.route.js';
import { listAudiencesRoute } from './list-audiences.route.js';
import { publishVersionRoute } from './publish-version.route.js';
import { restoreVersionRoute } from './restore-version.route.js';
import { sendMessageRoute } from './send-message.route.js';

/**
 * GET /v0/pages/{page_id}/audiences/{audience_id}, POST .../versions, GET and POST .../messages;
 * extensions: GET and POST /v0/pages/{page_id}/audiences, POST .../versions/{version_id}/publish
 * and .../restore.
 */
export function audiencesRoutes(app: App): void {
  getAudienceRoute(app);
  createVersionRoute(app);
  getMessagesRoute(app);
  sendMessageRoute(app);
  listAudiencesRoute(app);
  createAudienceRoute(app);
  publishVersionRoute(app);
  restoreVersionRoute(app);
}
