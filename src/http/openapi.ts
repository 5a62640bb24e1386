import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { nameSchemas } from './openapi-components.js';
import { completeProblemResponses } from './openapi-errors.js';
import { FieldProblem, Problem } from './problem.js';

/**
 * The OpenAPI 3.1 document is generated from the route schemas (the same TypeBox schemas that
 * validate requests and serialise responses), so it cannot drift from what the server does.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(FieldProblem);
  app.addSchema(Problem);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quire API',
        version: '0.1.0',
        contact: { name: 'Quire API support', url: 'https://quire.example.com/support' },
        description:
          'Personalised landing pages: pages and their audiences, versions and conversations, persons, accounts and their activity, assets and topic entries. Errors are application/problem+json (RFC 9457) with a stable `code` and the `requestId`. Timestamps are RFC 3339 UTC strings.',
      },
      servers: [
        {
          url: '/',
          description: 'The Quire server that serves this document (production, staging or local alike)',
          'x-internal': false,
        } as never,
      ],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-api-key',
            description: 'A tenant API key, created by an operator with `quire keys create`.',
          },
        },
      },
      security: [{ apiKey: [] }],
      tags: [
        { name: 'Persons', description: 'People, optionally linked to the account of their domain.' },
        { name: 'Accounts', description: 'Companies, identified by domain, and their activity logs.' },
        { name: 'Pages', description: 'Landing pages, read and restored by clients.' },
        {
          name: 'Audiences',
          description: 'Personalised variants of a page, their versions and conversation.',
        },
        { name: 'Assets', description: 'Images and other assets, with full-text search.' },
        { name: 'Topics', description: 'Entries of a topic, in their sort order.' },
        { name: 'Events', description: 'Extension: the live stream of your events (Server-Sent Events).' },
      ],
    },
    // This document is /v0 only; the operator API has its own (src/features/admin/openapi.ts).
    transform: ({ schema, url, route }) =>
      url.startsWith('/v0/')
        ? { schema: withRequiredScope(schema, route.config?.scope), url }
        : { schema: { ...schema, hide: true }, url },
    transformObject: (document) =>
      describeCommonHeaders((document as { openapiObject: OpenApiDoc }).openapiObject),
    refResolver: SHARED_SCHEMA_NAMES,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the document is walked structurally
type OpenApiDoc = any;

/** Shared schemas (added with app.addSchema) become components named by their $id. */
export const SHARED_SCHEMA_NAMES = {
  buildLocalReference: (json: { $id?: unknown }, _baseUri: unknown, _fragment: unknown, i: number) =>
    String(json.$id ?? `def-${i}`),
};

/**
 * Publishes the scope a /v0 operation needs twice: as the role list of its security requirement
 * (OpenAPI 3.1 allows roles for apiKey schemes) and as `x-required-scope`, which is simpler to read.
 */
function withRequiredScope(schema: OpenApiDoc, scope: string | undefined): OpenApiDoc {
  if (scope === undefined || schema === undefined) return schema;
  return { ...schema, security: [{ apiKey: [scope] }], 'x-required-scope': scope };
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description: 'The rate limit of the API key: `"per-key";q=<burst>;w=<seconds to refill>`.',
    schema: { type: 'string', maxLength: 100 },
  },
  RateLimit: {
    description: 'Where the API key stands: `"per-key";r=<requests left now>;t=<seconds until full>`.',
    schema: { type: 'string', maxLength: 100 },
  },
  'Request-Id': {
    description: 'The id of this request, also in error bodies and logs.',
    schema: { type: 'string', maxLength: 128 },
  },
};

/**
 * Adds to the generated document what every /v0 response shares and the route schemas do not
 * say: the rate-limit and request-id headers (and Retry-After on 429), and `int64` on integers.
 */
function describeCommonHeaders(doc: OpenApiDoc): OpenApiDoc {
  completeProblemResponses(doc);
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, OpenApiDoc][]) {
    if (!path.startsWith('/v0/')) continue;
    for (const operation of Object.values(item) as OpenApiDoc[]) {
      for (const [status, response] of Object.entries(operation.responses ?? {}) as [string, OpenApiDoc][]) {
        if (!/^[24]/.test(status)) continue;
        response.headers = { ...RATE_LIMIT_HEADERS, ...response.headers };
        if (status === '429') {
          response.headers['Retry-After'] = {
            description: 'Seconds to wait before retrying.',
            schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 3600 },
          };
        }
      }
    }
  }
  markIntegers(doc);
  nameSchemas(doc);
  return doc;
}

/** `int64` on every integer without a format (OWASP's lint asks for one). */
export function markIntegers(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) markIntegers(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.type === 'integer' && record.format === undefined) record.format = 'int64';
  for (const value of Object.values(record)) markIntegers(value);
}
