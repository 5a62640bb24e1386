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
  claimTenantHost,
  createTenant,
  getTenantHosts,
  removeTenantHost,
  revokeKey,
  setTenantHandle,
  tenantsWithKeys,
  verifyTenantHost,
} from './tenants.service.js';
import { TenantHosts, TenantList, TenantSummary } from './tenants-admin.schemas.js';

/** Operator API for tenants and keys (the same service as `quire tenants` and `quire keys`). */
export function tenantsAdminRoutes(app: App): void {
  getTenantAdmin(app);
  deleteTenantAdmin(app);
  app.post(
    '/tenants',
    {
      config: { policy: { access: 'instance', action: 'tenant.create' } },
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
      config: { policy: { access: 'instance' } },
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
      config: { policy: { access: 'admin', action: 'tenant.update' } },
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
  app.get(
    '/tenants/:tenant/hosts',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'adminListTenantHosts',
        tags: ['Tenants'],
        summary: "The tenant's hosts: those served, and those claimed and not proven yet",
        params: Type.Object({ tenant: PathId }),
        response: { 200: TenantHosts, ...problemResponses('not_found') },
      },
    },
    async (request) => getTenantHosts(app.db, request.params.tenant, app.config.hostedPagesSecret),
  );
  app.post(
    '/tenants/:tenant/hosts',
    {
      config: { policy: { access: 'admin', action: 'host.create' } },
      schema: {
        operationId: 'adminAddTenantHost',
        tags: ['Tenants'],
        summary: "Add a host that serves the tenant's hosted pages",
        description:
          "A tenant admin's host is a claim, listed in `pending` with its challenge and not served until " +
          "the tenant proves it controls the host (`POST .../hosts/{host}/verify`). The instance's own " +
          'admins (the admin token, an instance admin) map it at once.',
        params: Type.Object({ tenant: PathId }),
        body: Type.Object(
          { host: Type.String({ minLength: 1, maxLength: 253 }) },
          { additionalProperties: false },
        ),
        response: { 201: TenantHosts, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request, reply) => {
      const principal = request.adminPrincipal;
      const tenantAdmin = principal?.kind === 'operator' && !principal.instanceAdmin;
      const add = tenantAdmin ? claimTenantHost : addTenantHost;
      const view = await add(app.db, request.params.tenant, request.body.host, app.config.hostedPagesSecret);
      return reply.code(201).send(view);
    },
  );
  app.post(
    '/tenants/:tenant/hosts/:host/verify',
    {
      config: { policy: { access: 'admin', action: 'host.verify' } },
      schema: {
        operationId: 'adminVerifyTenantHost',
        tags: ['Tenants'],
        summary: 'Prove a claimed host (DNS TXT record or HTTP token) and serve the pages on it',
        description:
          "Looks for the TXT record `_quire-challenge.<host>` holding the tenant's token, then for the " +
          'token at `http://<host>/.well-known/quire-challenge/<token>`. Proven, the host serves this ' +
          'tenant (in place of any tenant that served it); not proven, 409 naming what to publish.',
        params: Type.Object({ tenant: PathId, host: Type.String({ minLength: 1, maxLength: 253 }) }),
        response: { 200: TenantHosts, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) =>
      verifyTenantHost(
        app.db,
        request.params.tenant,
        request.params.host,
        app.config.hostedPagesSecret,
        app.hostProver,
      ),
  );
  app.delete(
    '/tenants/:tenant/hosts/:host',
    {
      config: { policy: { access: 'admin', action: 'host.delete' } },
      schema: {
        operationId: 'adminRemoveTenantHost',
        tags: ['Tenants'],
        summary: 'Remove a host of the tenant (served or claimed)',
        params: Type.Object({ tenant: PathId, host: Type.String({ minLength: 1, maxLength: 253 }) }),
        response: { 200: TenantHosts, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      removeTenantHost(app.db, request.params.tenant, request.params.host, app.config.hostedPagesSecret),
  );
  // Kept for existing scripts; /tenants/{tenant}/keys/{keyId}/revoke also checks the tenant.
  app.post(
    '/keys/:key_id/revoke',
    {
      config: { policy: { access: 'instance', action: 'key.revoke' } },
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
