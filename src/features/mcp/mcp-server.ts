import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { type ApiCaller, ArgumentError, callOperation } from './api-caller.js';
import { type ApiOperation, apiOperations } from './api-operations.js';
import { registerResources } from './resources.js';
import { toolError, toolResult } from './tool-results.js';

export interface McpTool {
  definition: Tool;
  /** The key scope the tool needs (its /v0 operation's); null: any key may see it. */
  scope: string | null;
  run(args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult>;
}

export interface McpServerOptions {
  /**
   * Whether the caller's key holds a scope. A tool needing one it lacks is left out of tools/list,
   * so a model is not offered what would only answer 403. Calling it anyway still reaches the API,
   * which refuses it with its 403 (naming the scope) as a tool error: the API checks every call.
   */
  allows?: (scope: string) => boolean;
}

/** A tool built on the API operations (it takes its schemas from theirs); null without them. */
export type ExtraTool = (operations: ReadonlyMap<string, ApiOperation>) => McpTool | null;

export interface ToolContext {
  caller: ApiCaller;
  operations: ReadonlyMap<string, ApiOperation>;
  /** Sends a progress notification when the client asked for them (a progress token). */
  progress(progress: number, total: number, message: string): Promise<void>;
  signal: AbortSignal;
}

const INSTRUCTIONS =
  'Quire makes personalised landing pages. A page has audiences (its variants for one person or account); ' +
  'each audience has versions drafted by a page agent, which you steer by sending messages to the audience. ' +
  'Persons and accounts (companies, by domain) carry activity logs; assets and topic entries are material for pages. ' +
  'Every tool calls the Quire /v0 API with your API key and sees only your tenant.';

/** The server's name and version in the MCP handshake. */
const SERVER_INFO = { name: 'quire', version: '0.1.0' };

// The OpenAPI document of an app does not change once it is ready, so its tools are derived once.
const operationsOf = new WeakMap<FastifyInstance, ApiOperation[]>();

export function operationsFor(app: FastifyInstance): ApiOperation[] {
  let operations = operationsOf.get(app);
  if (operations === undefined) {
    operations = apiOperations(app.swagger());
    operationsOf.set(app, operations);
  }
  return operations;
}

/**
 * An MCP server for one caller. The low-level `Server` of the SDK is used (not `McpServer`)
 * because the tools' schemas are JSON Schemas taken from the OpenAPI document, not zod schemas.
 */
export function createMcpServer(
  app: FastifyInstance,
  caller: ApiCaller,
  extraTools: ExtraTool[] = [],
  options: McpServerOptions = {},
): Server {
  const allowed = options.allows ?? (() => true);
  const operations = operationsFor(app);
  const byName = new Map(operations.map((operation) => [operation.name, operation]));
  const tools = new Map<string, McpTool>();
  for (const operation of operations) tools.set(operation.name, operationTool(operation));
  for (const make of extraTools) {
    const tool = make(byName);
    if (tool !== null) tools.set(tool.definition.name, tool);
  }

  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.values()]
      .filter((tool) => tool.scope === null || allowed(tool.scope))
      .map((tool) => tool.definition),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (tool === undefined) return toolError(`Unknown tool "${request.params.name}"; list the tools first.`);
    const progressToken = request.params._meta?.progressToken;
    const context: ToolContext = {
      caller,
      operations: byName,
      signal: extra.signal,
      async progress(progress, total, message) {
        if (progressToken === undefined) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress, total, message },
        });
      },
    };
    try {
      return await tool.run(request.params.arguments ?? {}, context);
    } catch (error) {
      if (error instanceof ArgumentError) return toolError(error.message);
      throw error;
    }
  });
  registerResources(server, byName, caller);
  return server;
}

function operationTool(operation: ApiOperation): McpTool {
  return {
    definition: {
      name: operation.name,
      title: operation.annotations.title,
      description: operation.description,
      inputSchema: operation.inputSchema,
      ...(operation.outputSchema === undefined ? {} : { outputSchema: operation.outputSchema }),
      annotations: operation.annotations,
    },
    scope: operation.scope,
    run: async (args, { caller }) => toolResult(await callOperation(caller, operation, args)),
  };
}
