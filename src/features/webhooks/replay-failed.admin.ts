import type { App } from '../../http/app-types.js';
import { replayFailedDeliveries } from './deliveries.service.js';
import { ReplayFailedBody, ReplayResult, WebhookParams } from './webhooks.schemas.js';

/** POST .../webhooks/{webhookId}/replay: every failed delivery since a time, once more. */
export function replayFailedAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/webhooks/:webhookId/replay',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'replayFailedWebhookDeliveries',
        tags: ['Webhooks'],
        summary:
          'Replay the failed deliveries created since a time (500 per call; `hasMore` says to call again)',
        params: WebhookParams,
        body: ReplayFailedBody,
        response: { 200: ReplayResult },
      },
    },
    async (request) =>
      replayFailedDeliveries(
        app.db,
        request.params.tenant,
        request.params.webhookId,
        Date.parse(request.body.since),
        app.config.events.webhooks.maxAttempts,
      ),
  );
}
