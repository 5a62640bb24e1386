import type { App } from '../../http/app-types.js';
import { getWebhook } from './endpoints.service.js';
import { Webhook, WebhookParams } from './webhooks.schemas.js';

/** GET /admin/v0/tenants/{tenant}/webhooks/{webhookId}: one endpoint (another tenant's is a 404). */
export function getWebhookAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/webhooks/:webhookId',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'getWebhook',
        tags: ['Webhooks'],
        summary: 'Get a webhook endpoint: its URL, events, state and why it was disabled',
        params: WebhookParams,
        response: { 200: Webhook },
      },
    },
    async (request) => getWebhook(app.db, request.params.tenant, request.params.webhookId),
  );
}
