import type { FastifyInstance } from 'fastify';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * MCP clients are configured with an `Authorization: Bearer` header more often than with a custom
 * one, so on the paths given the API key may come that way too: it is handed to the usual
 * `x-api-key` check unchanged (register this before registerApiKeyAuth). Other paths are untouched.
 */
export function acceptBearerApiKey(scope: FastifyInstance, paths: readonly string[]): void {
  scope.addHook('onRequest', async (request) => {
    if (request.headers['x-api-key'] !== undefined) return;
    const path = request.url.split('?', 1)[0]!;
    if (!paths.includes(path)) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (match) request.headers['x-api-key'] = match[1];
  });
}
