import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.js';
import { adminActor } from '../audit/record-writes.js';
import { requireTenant } from '../tenants/require-tenant.js';
import {
  CreateOperatorBody,
  OperatorPath,
  OperatorSchema,
  OperatorWithPassword,
  TenantPath,
  UpdateOperatorBody,
} from './operators.schemas.js';
import {
  type Change,
  createOperator,
  getOperator,
  listOperators,
  resetOperatorPassword,
  setOperatorDisabled,
  setOperatorRole,
  toOperator,
} from './operators.service.js';

/** Operators of a tenant (admin role): the same service as `quire operators ...`. */
export function operatorsAdminRoutes(app: App): void {
  app.get(
    '/tenants/:tenant/operators',
    {
      schema: {
        params: TenantPath,
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }, { additionalProperties: false }),
        response: { 200: PageOf(OperatorSchema) },
      },
    },
    async (request) =>
      listOperators(app.db, await requireTenant(app.db, request.params.tenant), request.query),
  );
  app.get(
    '/tenants/:tenant/operators/:operator_id',
    { schema: { params: OperatorPath, response: { 200: OperatorSchema } } },
    async (request) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      return toOperator(await getOperator(app.db, tenantId, request.params.operator_id));
    },
  );
  app.post(
    '/tenants/:tenant/operators',
    { schema: { params: TenantPath, body: CreateOperatorBody, response: { 201: OperatorWithPassword } } },
    async (request, reply) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      const created = await createOperator(app.db, { tenantId, ...request.body }, changeOf(request));
      return reply.code(201).send(created);
    },
  );
  app.patch(
    '/tenants/:tenant/operators/:operator_id',
    { schema: { params: OperatorPath, body: UpdateOperatorBody, response: { 200: OperatorSchema } } },
    async (request) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      return setOperatorRole(
        app.db,
        tenantId,
        request.params.operator_id,
        request.body.role,
        changeOf(request),
      );
    },
  );
  for (const verb of ['disable', 'enable'] as const) {
    app.post(
      `/tenants/:tenant/operators/:operator_id/${verb}`,
      { schema: { params: OperatorPath, response: { 200: OperatorSchema } } },
      async (request) => {
        const tenantId = await requireTenant(app.db, request.params.tenant);
        const id = request.params.operator_id;
        return setOperatorDisabled(app.db, tenantId, id, verb === 'disable', changeOf(request));
      },
    );
  }
  app.post(
    '/tenants/:tenant/operators/:operator_id/reset-password',
    { schema: { params: OperatorPath, response: { 200: OperatorWithPassword } } },
    async (request) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      return resetOperatorPassword(app.db, tenantId, request.params.operator_id, changeOf(request));
    },
  );
}

function changeOf(request: FastifyRequest): Change {
  return { actor: adminActor(request)!, origin: { ip: request.ip, requestId: request.id } };
}
