import type { FastifyInstance } from 'fastify';
import type { ApiOperation } from './api-operations.js';

/**
 * A tool call is just another caller of the /v0 API: it is sent through the application itself
 * (`app.inject`) with the caller's API key, so authentication, scopes, validation, rate limits,
 * tenancy and request logging are exactly those of an HTTP request.
 */
export interface ApiCaller {
  call(method: string, url: string, body?: unknown): Promise<ApiResponse>;
}

export interface ApiResponse {
  status: number;
  /** The parsed JSON body (a problem+json document when `status` is not 2xx). */
  // biome-ignore lint/suspicious/noExplicitAny: bodies are whatever the route answered
  body: any;
}

export interface CallerIdentity {
  apiKey: string;
  /** The address of the MCP client, so the API's logs and limits see who really called. */
  remoteAddress?: string;
  /** The id of the MCP request, so each tool request's log line says what it served. */
  requestId?: string;
}

export function injectCaller(app: FastifyInstance, identity: CallerIdentity): ApiCaller {
  let sequence = 0;
  return {
    async call(method, url, body) {
      sequence++;
      const response = await app.inject({
        method: method as 'GET',
        url,
        remoteAddress: identity.remoteAddress,
        headers: {
          'x-api-key': identity.apiKey,
          ...(identity.requestId === undefined
            ? {}
            : { 'x-request-id': `${identity.requestId}.${sequence}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      const text = response.body;
      const isJson = /json/.test(String(response.headers['content-type'] ?? ''));
      return { status: response.statusCode, body: isJson && text.length > 0 ? JSON.parse(text) : text };
    },
  };
}

/** Thrown for tool arguments the HTTP request cannot carry (a path parameter missing or not a string). */
export class ArgumentError extends Error {}

/** Splits a tool's arguments into the operation's path, query and body, and calls it. */
export async function callOperation(
  caller: ApiCaller,
  operation: ApiOperation,
  args: Record<string, unknown>,
): Promise<ApiResponse> {
  let url = operation.path;
  for (const name of operation.pathParameters) {
    const value = args[name];
    if (typeof value !== 'string' || value.length === 0) {
      throw new ArgumentError(`${name} is required: a non-empty string`);
    }
    url = url.replace(`{${name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const name of operation.queryParameters) {
    const value = args[name];
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  if (query.size > 0) url += `?${query}`;
  if (operation.bodyMembers === null) return caller.call(operation.method, url);
  // Every other argument goes in the body, where the API refuses members it does not know, as it
  // would from any client.
  const taken = new Set([...operation.pathParameters, ...operation.queryParameters]);
  const body = Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
  return caller.call(operation.method, url, body);
}
