import type { App } from '../../http/app-types.js';
import { createVersionRoute } from './create-version.route.js';
import { getAudienceRoute } from './get-audience.route.js';
import { getMessagesRoute } from './get-messages.route.js';
import { sendMessageRoute } from './send-message.route.js';

/**
 * GET /v0/pages/{page_id}/audiences/{audience_id}, POST .../versions, GET and POST .../messages
 */
export function audiencesRoutes(app: App): void {
  getAudienceRoute(app);
  createVersionRoute(app);
  getMessagesRoute(app);
  sendMessageRoute(app);
}
