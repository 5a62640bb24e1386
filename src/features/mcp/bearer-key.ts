import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../http/bearer-token.js';

/**
 * MCP clients are configured with an `Authorization: Bearer` header more often than with a custom
 * one, so on the paths given the API key may come that way too: it is handed to the usual
 * `x-api-key` check unchanged (register this before registerApiKeyAuth). Other paths are untouched.
 */
export function acceptBearerApiKey(scope: FastifyInstance, paths: readonly string[]): void {
  // A callback hook: it runs on every /v0 request and needs no promise.
  scope.addHook('onRequest', (request, _reply, done) => {
    if (request.headers['x-api-key'] === undefined && paths.includes(request.url.split('?', 1)[0]!)) {
      const token = bearerToken(request.headers.authorization);
      if (token !== '') request.headers['x-api-key'] = token;
    }
    done();
  });
}
