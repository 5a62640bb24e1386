import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { listDeliveries } from './deliveries.service.js';
import { DeliveryStatus, WebhookDelivery, WebhookParams } from './webhooks.schemas.js';

/** GET /admin/v0/tenants/{tenant}/webhooks/{webhookId}/deliveries: the delivery log, newest first. */
export function listDeliveriesAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/webhooks/:webhookId/deliveries',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['Webhooks'],
        summary: "An endpoint's deliveries, newest first, each with every attempt",
        params: WebhookParams,
        querystring: Type.Object(
          { status: Type.Optional(DeliveryStatus), cursor: CursorQuery, limit: LimitQuery },
          { additionalProperties: false },
        ),
        response: { 200: PageOf(WebhookDelivery) },
      },
    },
    async (request) => listDeliveries(app.db, request.params.tenant, request.params.webhookId, request.query),
  );
}
