import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { operatorActor } from './operator-actor.js';
import { ChangePasswordBody, MeSchema } from './operators.schemas.js';
import { changeOwnPassword, getOwnOperator } from './operators.service.js';
import { pageAgentOf } from './page-agent-info.js';

/** GET /admin/v0/me: the signed-in operator and the CSRF token; POST /admin/v0/me/password: change it. */
export function meAdminRoutes(app: App): void {
  app.get(
    '/me',
    {
      config: { policy: { access: 'signed-in' } },
      schema: {
        operationId: 'adminGetMe',
        tags: ['Session'],
        summary: 'The signed-in operator, with the CSRF token of the session',
        response: { 200: MeSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        operator: await getOwnOperator(app.db, session.operatorId),
        csrfToken: session.csrfToken,
        pageAgent: pageAgentOf(app.config),
      };
    },
  );
  app.post(
    '/me/password',
    {
      config: { policy: { access: 'signed-in', audited: 'service' } },
      schema: {
        operationId: 'adminChangePassword',
        tags: ['Session'],
        summary: 'Change your own password',
        body: ChangePasswordBody,
        response: { 200: MeSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const operator = await changeOwnPassword(
        app.db,
        session.operatorId,
        request.body.currentPassword,
        request.body.newPassword,
        session.idHash,
        { actor: operatorActor(session), origin: { ip: request.ip, requestId: request.id } },
      );
      return { operator, csrfToken: session.csrfToken, pageAgent: pageAgentOf(app.config) };
    },
  );
}

function sessionOf(request: FastifyRequest) {
  const principal = request.adminPrincipal;
  if (principal?.kind !== 'operator') throw new ApiError('forbidden', 'This route is for a console session');
  return principal;
}
