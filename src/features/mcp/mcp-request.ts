import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isScope, keyAllows } from '../../domain/scopes.js';
import type { App } from '../../http/app-types.js';
import { injectCaller } from './api-caller.js';
import { createMcpServer } from './mcp-server.js';
import { sendMessageAndWaitTool } from './send-message-and-wait.tool.js';

/**
 * Answers one POST /mcp: a new MCP server and transport for the request (stateless), whose tool
 * calls go through the /v0 API with the caller's key. mcp.route.ts loads this module, and with it
 * the MCP SDK and zod, on the first MCP request: a server that never gets one does not keep them
 * (about 7 MB of heap; docs/performance.md, "Memory").
 */
export async function handleMcpRequest(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
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
