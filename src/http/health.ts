import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', detail: 'the database does not answer' });
    }
  });
}
