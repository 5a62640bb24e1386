import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import { type ApiCaller, callOperation } from './api-caller.js';
import type { ApiOperation } from './api-operations.js';

/** MCP's code for a resource that does not exist (the spec's -32002). */
const RESOURCE_NOT_FOUND = -32002;

/** The reads offered as resources: a page, an audience, a topic's entries. */
const RESOURCE_OPERATIONS = ['get_page', 'get_audience', 'list_topic_entries'];

interface ResourceKind {
  template: ResourceTemplate;
  pattern: RegExp;
  operation: ApiOperation;
}

/**
 * Resources are the /v0 reads of pages, audiences and topic entries, addressed by the API path
 * (`quire://pages/{page_id}` is `GET /v0/pages/{page_id}`) and read through the same call as the
 * tools. They are offered as templates, not listed (the list_pages and list_audiences tools find them).
 */
export function registerResources(
  server: Server,
  operations: ReadonlyMap<string, ApiOperation>,
  caller: ApiCaller,
): void {
  const kinds = RESOURCE_OPERATIONS.flatMap((name) => {
    const operation = operations.get(name);
    return operation === undefined ? [] : [resourceKind(operation)];
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: kinds.map((kind) => kind.template),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    for (const kind of kinds) {
      const match = kind.pattern.exec(uri);
      if (match === null) continue;
      const args: Record<string, unknown> = Object.fromEntries(
        kind.operation.pathParameters.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      // A list reads as its first (largest) page; the tool pages further.
      if (kind.operation.queryParameters.includes('limit')) args.limit = 100;
      const response = await callOperation(caller, kind.operation, args);
      if (response.status !== 200) {
        const detail = response.body?.detail ?? `the API answered ${response.status}`;
        throw new McpError(
          response.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InvalidRequest,
          detail,
          response.body,
        );
      }
      return {
        contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(response.body, null, 2) }],
      };
    }
    throw new McpError(RESOURCE_NOT_FOUND, `No Quire resource has the address ${uri}`);
  });
}

function resourceKind(operation: ApiOperation): ResourceKind {
  const address = `quire://${operation.path.replace(/^\/v0\//, '')}`;
  const source = address.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z_]+\}/g, '([^/?#]+)');
  return {
    template: {
      uriTemplate: address,
      name: operation.name.replace(/^(get|list)_/, ''),
      title: operation.annotations.title,
      description: operation.description,
      mimeType: 'application/json',
    },
    pattern: new RegExp(`^${source}$`),
    operation,
  };
}
