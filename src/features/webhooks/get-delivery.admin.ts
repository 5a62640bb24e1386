import type { App } from '../../http/app-types.js';
import { getDelivery } from './deliveries.service.js';
import { DeliveryParams, WebhookDelivery } from './webhooks.schemas.js';

/** GET /admin/v0/tenants/{tenant}/webhooks/{webhookId}/deliveries/{deliveryId}: one delivery. */
export function getDeliveryAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/webhooks/:webhookId/deliveries/:deliveryId',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'getWebhookDelivery',
        tags: ['Webhooks'],
        summary: 'A delivery with its attempts (status, duration, response code, first bytes of the body)',
        params: DeliveryParams,
        response: { 200: WebhookDelivery },
      },
    },
    async (request) =>
      getDelivery(app.db, request.params.tenant, request.params.webhookId, request.params.deliveryId),
  );
}
