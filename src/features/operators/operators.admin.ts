import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { adminActor } from '../audit/record-writes.js';
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
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'adminListOperators',
        tags: ['Operators'],
        summary: "List a tenant's operators",
        params: TenantPath,
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }, { additionalProperties: false }),
        response: { 200: PageOf(OperatorSchema) },
      },
    },
    async (request) => listOperators(app.db, request.tenantId, request.query),
  );
  app.get(
    '/tenants/:tenant/operators/:operator_id',
    {
      config: { policy: { access: 'admin' } },
      schema: {
        operationId: 'adminGetOperator',
        tags: ['Operators'],
        summary: 'Show an operator',
        params: OperatorPath,
        response: { 200: OperatorSchema },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toOperator(await getOperator(app.db, tenantId, request.params.operator_id));
    },
  );
  app.post(
    '/tenants/:tenant/operators',
    {
      config: { policy: { access: 'admin', audited: 'service' } },
      schema: {
        operationId: 'adminCreateOperator',
        tags: ['Operators'],
        summary: 'Create an operator with a password, or a one-time password the response holds',
        params: TenantPath,
        body: CreateOperatorBody,
        response: { 201: OperatorWithPassword },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const created = await createOperator(app.db, { tenantId, ...request.body }, changeOf(request));
      return reply.code(201).send(created);
    },
  );
  app.patch(
    '/tenants/:tenant/operators/:operator_id',
    {
      config: { policy: { access: 'admin', audited: 'service' } },
      schema: {
        operationId: 'adminUpdateOperator',
        tags: ['Operators'],
        summary: "Change an operator's role",
        params: OperatorPath,
        body: UpdateOperatorBody,
        response: { 200: OperatorSchema },
      },
    },
    async (request) => {
      const { tenantId } = request;
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
      {
        config: { policy: { access: 'admin', audited: 'service' } },
        schema: {
          operationId: verb === 'disable' ? 'adminDisableOperator' : 'adminEnableOperator',
          tags: ['Operators'],
          summary:
            verb === 'disable'
              ? 'Disable an operator (their sessions end at once)'
              : 'Enable a disabled operator again',
          params: OperatorPath,
          response: { 200: OperatorSchema },
        },
      },
      async (request) => {
        const { tenantId } = request;
        const id = request.params.operator_id;
        return setOperatorDisabled(app.db, tenantId, id, verb === 'disable', changeOf(request));
      },
    );
  }
  app.post(
    '/tenants/:tenant/operators/:operator_id/reset-password',
    {
      config: { policy: { access: 'admin', audited: 'service' } },
      schema: {
        operationId: 'adminResetOperatorPassword',
        tags: ['Operators'],
        summary: "Reset an operator's password to a one-time password",
        params: OperatorPath,
        response: { 200: OperatorWithPassword },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return resetOperatorPassword(app.db, tenantId, request.params.operator_id, changeOf(request));
    },
  );
}

function changeOf(request: FastifyRequest): Change {
  return { actor: adminActor(request)!, origin: { ip: request.ip, requestId: request.id } };
}
