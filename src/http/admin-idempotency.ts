import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestFingerprint } from '../db/create-once.js';
import { claimOnce, finishOnce, IDEMPOTENCY_KEY_PATTERN } from '../db/replay-once.js';
import type { Executor } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { markReplayed } from './idempotency.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds a claim on, if any (operator API only). */
    idempotencyClaim: string | null;
  }
}

const HEADER = 'idempotency-key';

/**
 * Makes every POST of the operator API idempotent when it carries an `Idempotency-Key` header
 * (rules: src/db/replay-once.ts). It runs after validation, so an invalid request claims nothing,
 * and covers every admin create, including the routes other features add, without any code in them.
 */
export function registerAdminIdempotency(scope: FastifyInstance, db: Executor): void {
  scope.decorateRequest('idempotencyClaim', null);
  scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const key = request.headers[HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      const detail = 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, for example)';
      throw new ApiError('validation_failed', detail, [
        { header: 'Idempotency-Key', detail, code: 'invalid_format' },
      ]);
    }
    const fingerprint = requestFingerprint({ method: request.method, url: request.url, body: request.body });
    const stored = await claimOnce(db, key, fingerprint, { header: 'Idempotency-Key' });
    if (stored === null) {
      request.idempotencyClaim = key;
      return;
    }
    markReplayed(reply);
    return reply.code(stored.statusCode).type('application/json; charset=utf-8').send(stored.body);
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyClaim;
    if (key === null) return payload;
    request.idempotencyClaim = null;
    const body = typeof payload === 'string' ? payload : null;
    await finishOnce(db, key, body === null ? 'failed' : { statusCode: reply.statusCode, body });
    return payload;
  });
  // A request that never reaches onSend (the client went away mid-handler) must not hold its key.
  scope.addHook('onResponse', async (request) => {
    if (request.idempotencyClaim !== null) await finishOnce(db, request.idempotencyClaim, 'failed');
  });
}
