import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { deleteWebhook } from './endpoints.service.js';
import { WebhookParams } from './webhooks.schemas.js';

/** DELETE /admin/v0/tenants/{tenant}/webhooks/{webhookId}: the endpoint and its delivery log. */
export function deleteWebhookAdmin(app: App): void {
  app.delete(
    '/tenants/:tenant/webhooks/:webhookId',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'deleteWebhook',
        tags: ['Webhooks'],
        summary: 'Delete a webhook endpoint with its deliveries (nothing more is sent to it)',
        params: WebhookParams,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      await deleteWebhook(app.db, request.params.tenant, request.params.webhookId);
      return reply.code(204).send(null);
    },
  );
}
