import type { App } from '../../http/app-types.js';
import { createWebhookAdmin } from './create-webhook.admin.js';
import { deleteWebhookAdmin } from './delete-webhook.admin.js';
import { getDeliveryAdmin } from './get-delivery.admin.js';
import { getWebhookAdmin } from './get-webhook.admin.js';
import { listDeliveriesAdmin } from './list-deliveries.admin.js';
import { listWebhooksAdmin } from './list-webhooks.admin.js';
import { replayDeliveryAdmin } from './replay-delivery.admin.js';
import { replayFailedAdmin } from './replay-failed.admin.js';
import { rotateWebhookSecretAdmin } from './rotate-webhook-secret.admin.js';
import { sendTestEventAdmin } from './send-test-event.admin.js';
import { updateWebhookAdmin } from './update-webhook.admin.js';

/** Operator API for webhook endpoints (the same services as `quire webhooks`), docs/events.md. */
export function webhooksAdminRoutes(app: App): void {
  createWebhookAdmin(app);
  listWebhooksAdmin(app);
  getWebhookAdmin(app);
  updateWebhookAdmin(app);
  deleteWebhookAdmin(app);
  rotateWebhookSecretAdmin(app);
  listDeliveriesAdmin(app);
  getDeliveryAdmin(app);
  replayDeliveryAdmin(app);
  replayFailedAdmin(app);
  sendTestEventAdmin(app);
}
