import type { App } from '../../http/app-types.js';
import { updateWebhook } from './endpoints.service.js';
import { UpdateWebhookBody, Webhook, WebhookParams } from './webhooks.schemas.js';

/** PATCH /admin/v0/tenants/{tenant}/webhooks/{webhookId}: URL, events, description, enabled. */
export function updateWebhookAdmin(app: App): void {
  app.patch(
    '/tenants/:tenant/webhooks/:webhookId',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'updateWebhook',
        tags: ['Webhooks'],
        summary: 'Change a webhook endpoint; `enabled: true` enables it again after Quire disabled it',
        params: WebhookParams,
        body: UpdateWebhookBody,
        response: { 200: Webhook },
      },
    },
    async (request) =>
      updateWebhook(
        app.db,
        app.config.events.webhooks,
        request.params.tenant,
        request.params.webhookId,
        request.body,
      ),
  );
}
