import type { App } from '../../http/app-types.js';
import { CreatedKeySchema, CreateKeyBody, TenantParams } from './keys.schemas.js';
import { createApiKey } from './tenants.service.js';

/** POST /admin/v0/tenants/{tenant}/keys: a new key, optionally limited to scopes; shown once. */
export function createKeyAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/keys',
    {
      config: { policy: { access: 'admin', action: 'key.create' } },
      schema: {
        operationId: 'createKey',
        tags: ['Keys'],
        summary: 'Create an API key (the response holds it once)',
        params: TenantParams,
        body: CreateKeyBody,
        response: { 201: CreatedKeySchema },
      },
    },
    async (request, reply) => {
      const { label = null, scopes = null } = request.body;
      return reply.code(201).send(await createApiKey(app.db, request.params.tenant, label, scopes));
    },
  );
}
