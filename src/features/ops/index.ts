import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { registerMetrics } from '../../http/metrics.js';
import { queueSnapshot } from './queue-status.service.js';

export { getStatusRoute as opsAdminRoutes } from './get-status.route.js';

/**
 * /metrics with the request hooks (on the root instance, before any route, so every route is
 * measured) and the queue read from this app's database at scrape time.
 */
export function registerOperability(app: FastifyInstance, database: Database): void {
  const { metricsToken, queueStallMs } = app.config.observability;
  registerMetrics(app, {
    token: metricsToken,
    database,
    queue: () => queueSnapshot(database.db, queueStallMs),
  });
}
