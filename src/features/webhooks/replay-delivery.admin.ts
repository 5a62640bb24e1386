import type { App } from '../../http/app-types.js';
import { replayDelivery } from './deliveries.service.js';
import { DeliveryParams, WebhookDelivery } from './webhooks.schemas.js';

/** POST .../webhooks/{webhookId}/deliveries/{deliveryId}/replay: the same event once more. */
export function replayDeliveryAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/webhooks/:webhookId/deliveries/:deliveryId/replay',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'replayWebhookDelivery',
        tags: ['Webhooks'],
        summary: 'Send a delivered or failed event again (same webhook-id), as a new delivery',
        params: DeliveryParams,
        response: { 201: WebhookDelivery },
      },
    },
    async (request, reply) => {
      const { tenant, webhookId, deliveryId } = request.params;
      const maxAttempts = app.config.events.webhooks.maxAttempts;
      return reply.code(201).send(await replayDelivery(app.db, tenant, webhookId, deliveryId, maxAttempts));
    },
  );
}
