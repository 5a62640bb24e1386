import type { App } from '../../http/app-types.js';
import { sendTestEvent } from './deliveries.service.js';
import { WebhookDelivery, WebhookParams } from './webhooks.schemas.js';

/** POST .../webhooks/{webhookId}/test: a `webhook.test` event, sent now; answers its attempt. */
export function sendTestEventAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/webhooks/:webhookId/test',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'sendWebhookTestEvent',
        tags: ['Webhooks'],
        summary: 'Send a signed webhook.test event now and answer the attempt (status, answer)',
        params: WebhookParams,
        response: { 201: WebhookDelivery },
      },
    },
    async (request, reply) => {
      const settings = app.config.events.webhooks;
      const delivery = await sendTestEvent(app.db, settings, request.params.tenant, request.params.webhookId);
      return reply.code(201).send(delivery);
    },
  );
}
