import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';

/**
 * Liveness (the process answers) and readiness (the database answers), for load balancers; and `/`,
 * where a person who opened the server's address lands: the console, which links the rest.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Pick<Database, 'ping'>): void {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/console', 302));
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping(READY_TIMEOUT_MS);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', detail: 'the database does not answer' });
    }
  });
}

/** Load balancers give up on a probe after a few seconds; a slow answer is an answer too. */
const READY_TIMEOUT_MS = 1_000;
