import type { App } from '../../http/app-types.js';
import { rotateWebhookSecret } from './endpoints.service.js';
import { RotateSecretBody, WebhookParams, WebhookWithSecret } from './webhooks.schemas.js';

/**
 * POST /admin/v0/tenants/{tenant}/webhooks/{webhookId}/rotate: a new signing secret (answered
 * once); the previous one keeps signing too for `overlapMinutes`.
 */
export function rotateWebhookSecretAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/webhooks/:webhookId/rotate',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: ['Webhooks'],
        summary: 'Rotate the signing secret; both secrets sign during the overlap',
        params: WebhookParams,
        body: RotateSecretBody,
        response: { 200: WebhookWithSecret },
      },
    },
    async (request) =>
      rotateWebhookSecret(
        app.db,
        request.params.tenant,
        request.params.webhookId,
        request.body?.overlapMinutes,
      ),
  );
}
