import type { App } from '../../http/app-types.js';

export const MCP_PATH = '/mcp';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Open to every live API key whatever its scopes: the route itself reads nothing, and each
     * tool call is a /v0 request checked against the key's scopes on its own.
     */
    anyScope?: boolean;
  }
}

/**
 * POST /mcp: the MCP Streamable HTTP transport, stateless (a new server and transport per request,
 * so any node of a cluster can answer any request). It is registered in the /v0 scope, so the
 * request has passed the API key check and the rate limit before it gets here; every tool call
 * then goes through the /v0 API with the same key.
 */
export function mcpRoute(app: App): void {
  app.post(MCP_PATH, { config: { anyScope: true }, schema: { hide: true } }, async (request, reply) => {
    // Loaded on the first MCP request, not at start (mcp-request.ts).
    const { handleMcpRequest } = await import('./mcp-request.js');
    await handleMcpRequest(app, request, reply);
  });
  // Without sessions there is no stream to resume or session to end (the transport spec allows 405).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      config: { anyScope: true },
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('Allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: this server is stateless, POST only' },
            id: null,
          }),
    });
  }
}
