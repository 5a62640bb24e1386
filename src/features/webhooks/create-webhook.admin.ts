import type { App } from '../../http/app-types.js';
import { TenantParams } from '../tenants/keys.schemas.js';
import { createWebhook } from './endpoints.service.js';
import { CreateWebhookBody, WebhookWithSecret } from './webhooks.schemas.js';

/** POST /admin/v0/tenants/{tenant}/webhooks: a new endpoint; its signing secret is answered once. */
export function createWebhookAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/webhooks',
    {
      config: { policy: { access: 'admin', action: 'webhook.create' } },
      schema: {
        operationId: 'createWebhook',
        tags: ['Webhooks'],
        summary: 'Create a webhook endpoint (the response holds its signing secret once)',
        params: TenantParams,
        body: CreateWebhookBody,
        response: { 201: WebhookWithSecret },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(
        app.db,
        app.config.events.webhooks,
        request.params.tenant,
        request.body,
      );
      return reply
        .code(201)
        .header('Location', `/admin/v0/tenants/${created.tenantId}/webhooks/${created.webhookId}`)
        .send(created);
    },
  );
}
