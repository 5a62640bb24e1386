import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';

/** GET /admin/v0/openapi.json: the operator API's OpenAPI document (./openapi.ts), for any operator. */
export function adminOpenApiRoute(app: App): void {
  app.get(
    '/openapi.json',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'getAdminOpenApi',
        tags: ['Documentation'],
        summary: 'The OpenAPI 3.1 document of the operator API',
        description:
          'This document: every `/admin/v0` operation with its role, parameters, bodies, responses and problems. Also checked in as docs/admin-openapi.json and rendered at `/docs/admin`.',
        response: {
          200: Type.Object(
            { openapi: Type.Literal('3.1.0') },
            { additionalProperties: true, description: 'An OpenAPI 3.1 document.' },
          ),
          ...problemResponses(),
        },
      },
    },
    async () => app.adminSwagger(),
  );
}
