import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
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
import { TenantHosts, TenantList, TenantSummary } from './tenants-admin.schemas.js';

/** Operator API for tenants and keys (the same service as `quire tenants` and `quire keys`). */
export function tenantsAdminRoutes(app: App): void {
  getTenantAdmin(app);
  deleteTenantAdmin(app);
  app.post(
    '/tenants',
    {
      schema: {
        operationId: 'adminCreateTenant',
        tags: ['Tenants'],
        summary: 'Create a tenant',
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 255 }) },
          { additionalProperties: false },
        ),
        response: { 201: TenantSummary, ...problemResponses('conflict') },
      },
    },
    async (request, reply) => reply.code(201).send(await createTenant(app.db, request.body.name)),
  );
  app.get(
    '/tenants',
    {
      schema: {
        operationId: 'adminListTenants',
        tags: ['Tenants'],
        summary: 'List every tenant with its API keys',
        response: { 200: TenantList, ...problemResponses() },
      },
    },
    async () => ({ items: await tenantsWithKeys(app.db) }),
  );
  createKeyAdmin(app);
  listKeysAdmin(app);
  getKeyAdmin(app);
  revokeKeyAdmin(app);
  app.patch(
    '/tenants/:tenant',
    {
      schema: {
        operationId: 'adminSetTenantHandle',
        tags: ['Tenants'],
        summary: "Set a tenant's handle (the first segment of its hosted page addresses)",
        params: Type.Object({ tenant: PathId }),
        body: Type.Object(
          { handle: Type.String({ minLength: 1, maxLength: 80 }) },
          { additionalProperties: false },
        ),
        response: { 200: TenantSummary, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) => setTenantHandle(app.db, request.params.tenant, request.body.handle),
  );
  app.post(
    '/tenants/:tenant/hosts',
    {
      schema: {
        operationId: 'adminAddTenantHost',
        tags: ['Tenants'],
        summary: "Add a host that serves the tenant's hosted pages",
        params: Type.Object({ tenant: PathId }),
        body: Type.Object(
          { host: Type.String({ minLength: 1, maxLength: 253 }) },
          { additionalProperties: false },
        ),
        response: { 201: TenantHosts, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ hosts: await addTenantHost(app.db, request.params.tenant, request.body.host) }),
  );
  app.delete(
    '/tenants/:tenant/hosts/:host',
    {
      schema: {
        operationId: 'adminRemoveTenantHost',
        tags: ['Tenants'],
        summary: 'Remove a host of the tenant',
        params: Type.Object({ tenant: PathId, host: Type.String({ minLength: 1, maxLength: 253 }) }),
        response: { 200: TenantHosts, ...problemResponses('not_found') },
      },
    },
    async (request) => ({
      hosts: await removeTenantHost(app.db, request.params.tenant, request.params.host),
    }),
  );
  // Kept for existing scripts; /tenants/{tenant}/keys/{keyId}/revoke also checks the tenant.
  app.post(
    '/keys/:key_id/revoke',
    {
      schema: {
        operationId: 'adminRevokeKeyById',
        tags: ['Keys'],
        summary: 'Revoke an API key by its id alone (kept for existing scripts)',
        params: Type.Object({ key_id: PathId }),
        response: {
          200: Type.Object(
            { keyId: Type.String(), outcome: Type.Union([Type.Literal('revoked'), Type.Literal('already')]) },
            { title: 'KeyRevocation' },
          ),
          ...problemResponses('not_found'),
        },
      },
    },
    async (request) => ({
      keyId: request.params.key_id,
      outcome: await revokeKey(app.db, request.params.key_id),
    }),
  );
}
