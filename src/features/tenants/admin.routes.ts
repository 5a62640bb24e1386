import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { createKeyAdmin } from './create-key.admin.js';
import { deleteTenantAdmin } from './delete-tenant.admin.js';
import { getKeyAdmin } from './get-key.admin.js';
import { getTenantAdmin } from './get-tenant.admin.js';
import { listKeysAdmin } from './list-keys.admin.js';
import { revokeKeyAdmin } from './revoke-key.admin.js';
import {
  addTenantHost,
  createTenant,
  removeTenantHost,
  revokeKey,
  setTenantHandle,
  tenantsWithKeys,
} from './tenants.service.js';

/** Operator API for tenants and keys (the same service as `quire tenants` and `quire keys`). */
export function tenantsAdminRoutes(app: App): void {
  getTenantAdmin(app);
  deleteTenantAdmin(app);
  app.post(
    '/tenants',
    {
      schema: {
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 255 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => reply.code(201).send(await createTenant(app.db, request.body.name)),
  );
  app.get('/tenants', async () => ({ items: await tenantsWithKeys(app.db) }));
  createKeyAdmin(app);
  listKeysAdmin(app);
  getKeyAdmin(app);
  revokeKeyAdmin(app);
  app.patch(
    '/tenants/:tenant',
    {
      schema: {
        params: Type.Object({ tenant: PathId }),
        body: Type.Object(
          { handle: Type.String({ minLength: 1, maxLength: 80 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => setTenantHandle(app.db, request.params.tenant, request.body.handle),
  );
  app.post(
    '/tenants/:tenant/hosts',
    {
      schema: {
        params: Type.Object({ tenant: PathId }),
        body: Type.Object(
          { host: Type.String({ minLength: 1, maxLength: 253 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ hosts: await addTenantHost(app.db, request.params.tenant, request.body.host) }),
  );
  app.delete(
    '/tenants/:tenant/hosts/:host',
    {
      schema: {
        params: Type.Object({ tenant: PathId, host: Type.String({ minLength: 1, maxLength: 253 }) }),
      },
    },
    async (request) => ({
      hosts: await removeTenantHost(app.db, request.params.tenant, request.params.host),
    }),
  );
  // Kept for existing scripts; /tenants/{tenant}/keys/{keyId}/revoke also checks the tenant.
  app.post(
    '/keys/:key_id/revoke',
    { schema: { params: Type.Object({ key_id: PathId }) } },
    async (request) => ({
      keyId: request.params.key_id,
      outcome: await revokeKey(app.db, request.params.key_id),
    }),
  );
}
