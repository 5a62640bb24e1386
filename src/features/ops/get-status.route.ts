import type { App } from '../../http/app-types.js';
import { queueSnapshot } from './queue-status.service.js';

/**
 * GET /admin/v0/status: what an operator asks first. `/readyz` stays a database check for load
 * balancers; this says whether versions are being worked on (`queue.stalled`).
 */
export function getStatusRoute(app: App): void {
  app.get(
    '/status',
    {
      config: { policy: { access: 'instance' } },
      schema: {
        operationId: 'adminGetStatus',
        tags: ['Instance'],
        summary: 'The state of the instance: queues, workers, database',
      },
    },
    async () => {
      const queue = await queueSnapshot(app.db, app.config.observability.queueStallMs);
      return {
        database: app.dialect,
        queue: {
          queued: queue.byStatus.queued,
          processing: queue.byStatus.processing,
          oldestQueuedAgeSeconds: queue.oldestQueuedAgeSeconds,
          oldestClaimableWaitSeconds: queue.oldestClaimableWaitSeconds,
          stalled: queue.stalled,
          stallThresholdSeconds: queue.stallThresholdSeconds,
        },
      };
    },
  );
}
