import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

/** Guards the operator API: `Authorization: Bearer $ADMIN_TOKEN`, compared in constant time. */
export function registerAdminAuth(scope: FastifyInstance, adminToken: string): void {
  const expected = digest(adminToken);
  scope.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (token.length === 0 || !timingSafeEqual(digest(token), expected)) {
      throw new ApiError(
        'unauthenticated',
        'Send the admin token as Authorization: Bearer <token>',
        undefined,
        {
          'WWW-Authenticate': 'Bearer realm="quire-admin"',
        },
      );
    }
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
