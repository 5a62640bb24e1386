import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isScope, keyAllows } from '../../domain/scopes.js';
import type { App } from '../../http/app-types.js';
import { injectCaller } from './api-caller.js';
import { createMcpServer } from './mcp-server.js';
import { sendMessageAndWaitTool } from './send-message-and-wait.tool.js';

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
    const caller = injectCaller(app, {
      apiKey: String(request.headers['x-api-key']),
      remoteAddress: request.ip,
      requestId: request.id,
    });
    // Tools the key's scopes do not cover are not offered (calling one still gets the API's 403).
    const scopes = request.apiKeyScopes;
    const server = createMcpServer(app, caller, [sendMessageAndWaitTool], {
      allows: (scope) => !isScope(scope) || keyAllows(scopes, scope),
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    handOver(request, reply);
    reply.raw.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
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

/** The SDK writes the response itself; the headers Fastify set so far (request id, rate limit) go with it. */
function handOver(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string);
  }
  reply.raw.setHeader('Cache-Control', 'no-store');
  request.log.debug('mcp request handed to the transport');
}
