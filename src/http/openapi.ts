import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { Problem } from './problem.js';

/**
 * The OpenAPI 3.1 document is generated from the route schemas (the same TypeBox schemas that
 * validate requests and serialise responses), so it cannot drift from what the server does.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(Problem);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quire API',
        version: '0.1.0',
        description:
          'Personalised landing pages: pages and their audiences, versions and conversations, persons, accounts and their activity, assets and topic entries. Errors are application/problem+json (RFC 9457) with a stable `code` and the `requestId`. Timestamps are RFC 3339 UTC strings.',
      },
      servers: [{ url: '/', description: 'This Quire server' }],
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
      ],
    },
    refResolver: {
      // Shared schemas (added with app.addSchema) become components named by their $id.
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
  });
}
