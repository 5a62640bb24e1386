import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../../errors.js';
import { markIntegers, SHARED_SCHEMA_NAMES } from '../../http/openapi.js';
import { nameSchemas } from '../../http/openapi-components.js';
import { completeProblemResponses } from '../../http/openapi-errors.js';
import { policyOf, type RoutePolicy } from './route-roles.js';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked structurally
type OpenApiDoc = any;

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator API's OpenAPI document (GET /admin/v0/openapi.json). */
    adminSwagger(): { openapi: '3.1.0' } & Record<string, unknown>;
  }
}

export const ADMIN_PREFIX = '/admin/v0';

type SecurityRequirement = Record<string, string[]>;
const READ_SECURITY: SecurityRequirement[] = [{ adminToken: [] }, { consoleSession: [] }];
/** A console session's write must carry its CSRF token too (src/http/admin-auth.ts). */
const WRITE_SECURITY: SecurityRequirement[] = [{ adminToken: [] }, { consoleSession: [], csrfToken: [] }];

/**
 * The operator API's own OpenAPI 3.1 document, made like the public one from the route schemas,
 * by a second @fastify/swagger instance (its `decorator` option names it `adminSwagger`): each
 * instance's transform hides the other's routes. Registered at the root before any route, so it
 * sees every /admin/v0 route; the roles of route-roles.ts become each operation's security,
 * `x-required-role` and its 401/403/404 problems.
 */
export async function registerAdminOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    decorator: 'adminSwagger',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quire operator API',
        version: '0.1.0',
        contact: { name: 'Quire API support', url: 'https://quire.example.com/support' },
        description:
          'The operator API under `/admin/v0`: tenants and their keys, operators, hosts and webhooks; every page, audience, version, conversation, person, account, topic and asset of a tenant; the audit log. The CLI (`quire`) and the console use the same services. Callers are the `ADMIN_TOKEN` bearer (an instance admin, for scripts) or a console session; each operation names the least role it needs in `x-required-role` (viewer < editor < publisher < admin; `instance` is for instance admins, `signed-in` for any session). Errors are application/problem+json (RFC 9457) with a stable `code` and the `requestId`.',
      },
      servers: [
        {
          url: '/',
          description: 'The Quire server that serves this document (production, staging or local alike)',
          // For the operators of the instance, not for its tenants' integrations.
          'x-internal': true,
        } as never,
      ],
      components: {
        securitySchemes: {
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The instance admin token: `Authorization: Bearer $ADMIN_TOKEN` (for scripts).',
          },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'quire_console',
            description: 'The session cookie a console sign-in (`POST /admin/v0/session`) sets.',
          },
          csrfToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description:
              "With a session cookie, every write echoes the session's CSRF token (the sign-in and `GET /admin/v0/me` return it).",
          },
        },
      },
      security: READ_SECURITY,
      tags: [
        { name: 'Session', description: 'Signing in and out of the console, and who is signed in.' },
        { name: 'Instance', description: 'The state of the whole instance: queues, workers, database.' },
        { name: 'Tenants', description: 'Tenants, their handle and the hosts that serve their pages.' },
        { name: 'Keys', description: "A tenant's API keys for `/v0`, with their scopes and last use." },
        { name: 'Operators', description: "A tenant's console operators and their roles." },
        { name: 'Audit', description: 'Who changed what: every write of the operator API and of API keys.' },
        { name: 'Webhooks', description: 'Webhook endpoints, their deliveries and replays.' },
        {
          name: 'Pages',
          description: 'Landing pages: create, edit, archive, restore, and their engagement.',
        },
        {
          name: 'Audiences',
          description:
            'Personalised variants of a page, their versions (with full content) and conversation.',
        },
        {
          name: 'Imports',
          description:
            'Target lists (CSV, JSON lines) imported into a page: an audience per row, reviewed and published in bulk.',
        },
        { name: 'Persons', description: 'People, their details and activity logs.' },
        { name: 'Accounts', description: 'Companies, identified by domain, and their activity.' },
        { name: 'Topics', description: 'Topics and their ordered entries.' },
        { name: 'Assets', description: 'Images and other assets, trashed and deleted ones on request.' },
        {
          name: 'Files',
          description: 'Uploaded images and fonts: checked by their bytes, resized, served by Quire.',
        },
        {
          name: 'Brands',
          description: "A tenant's brands: logo, colours checked for contrast, font, button radius.",
        },
        {
          name: 'Experiments',
          description: 'Holdouts and A/B tests of a page by account, person or visitor, and their results.',
        },
        { name: 'Events', description: "The tenant's live event stream, for the console." },
        { name: 'Documentation', description: 'This document.' },
      ],
    },
    transform: ({ schema, url, route }) =>
      url.startsWith(`${ADMIN_PREFIX}/`) && !url.includes('/_malformed-url/')
        ? { schema: withAccess(schema, route.method, policyOf({ url, config: route.config })), url }
        : { schema: { ...schema, hide: true }, url },
    transformObject: (document) =>
      completeDocument((document as { openapiObject: OpenApiDoc }).openapiObject),
    refResolver: SHARED_SCHEMA_NAMES,
  });
}

/** The route's policy as the operation's security and `x-required-role`. */
function withAccess(
  schema: OpenApiDoc,
  method: string | string[],
  policy: RoutePolicy | undefined,
): OpenApiDoc {
  const verb = Array.isArray(method) ? (method[0] as string) : method;
  if (policy === undefined) return schema;
  if (policy.access === 'public') return { ...schema, security: [], 'x-required-role': 'public' };
  const read = verb === 'GET' || verb === 'HEAD';
  return { ...schema, security: read ? READ_SECURITY : WRITE_SECURITY, 'x-required-role': policy.access };
}

/** What an operator API call can answer whatever its route: its credentials and its role. */
function accessCodes(operation: OpenApiDoc, path: string): ErrorCode[] {
  const codes: ErrorCode[] = ['internal', 'service_unavailable'];
  if (operation['x-required-role'] === 'public') return codes;
  // 429: too many failed bearer tokens from one address (src/http/admin-auth.ts).
  codes.push('unauthenticated', 'forbidden', 'rate_limited');
  // Another tenant than the session's own is a 404, like a missing one.
  if (path.includes('{tenant}')) codes.push('not_found');
  return codes;
}

function completeDocument(doc: OpenApiDoc): OpenApiDoc {
  completeProblemResponses(doc, { pathPrefix: `${ADMIN_PREFIX}/`, extraCodes: accessCodes });
  for (const item of Object.values(doc.paths ?? {}) as OpenApiDoc[]) {
    for (const operation of Object.values(item) as OpenApiDoc[]) {
      const tooMany = operation.responses?.['429'];
      if (tooMany !== undefined)
        tooMany.headers = {
          'Retry-After': {
            description: 'Seconds to wait before retrying.',
            schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 3600 },
          },
        };
    }
  }
  markIntegers(doc);
  nameSchemas(doc, `${ADMIN_PREFIX}/`);
  return doc;
}
