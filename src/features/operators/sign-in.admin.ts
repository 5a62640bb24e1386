import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { SuccessFlag } from '../../http/common.schemas.js';
import {
  clearSessionCookie,
  originAllowed,
  sessionIdOf,
  setSessionCookie,
} from '../../http/console-session.js';
import { problemResponses } from '../../http/problem.js';
import { consoleOrigin } from '../../http/public-host.js';
import { MeSchema, SignInBody } from './operators.schemas.js';
import { toOperator } from './operators.service.js';
import { pageAgentOf } from './page-agent-info.js';
import { signIn, signOut } from './sessions.service.js';

/**
 * POST /admin/v0/session signs in (sets the session cookie, answers the operator and the CSRF
 * token); DELETE /admin/v0/session signs out; POST /admin/v0/session/sign-out-everywhere ends
 * every session of the operator.
 */
export function sessionAdminRoutes(app: App): void {
  app.post(
    '/session',
    {
      config: { policy: { access: 'public', audited: 'service' } },
      schema: {
        operationId: 'adminSignIn',
        tags: ['Session'],
        summary: 'Sign in to the console (sets the session cookie)',
        body: SignInBody,
        // 401 for a wrong email or password, 429 after too many, 403 from another origin.
        response: { 200: MeSchema, ...problemResponses('forbidden') },
      },
    },
    async (request, reply) => {
      // A sign-in posted by another site would sign the browser in to the attacker's account.
      if (!originAllowed(request, consoleOrigin(app.config))) {
        throw new ApiError('forbidden', 'A sign-in from another origin is refused (CSRF protection)');
      }
      const { sessionId, csrfToken, operator } = await signIn(app.db, {
        ...request.body,
        origin: { ip: request.ip, requestId: request.id },
        userAgent: request.headers['user-agent'] ?? '',
        previousSessionId: sessionIdOf(request),
        limits: { idleMs: app.config.console.sessionIdleMs, maxMs: app.config.console.sessionMaxMs },
      });
      setSessionCookie(request, reply, sessionId, app.config.console.sessionMaxMs);
      return { operator: toOperator(operator), csrfToken, pageAgent: pageAgentOf(app.config) };
    },
  );
  for (const [path, everywhere] of [
    ['/session', false],
    ['/session/sign-out-everywhere', true],
  ] as const) {
    app.route({
      method: everywhere ? 'POST' : 'DELETE',
      url: path,
      config: { policy: { access: 'signed-in', audited: 'service' } },
      schema: {
        operationId: everywhere ? 'adminSignOutEverywhere' : 'adminSignOut',
        tags: ['Session'],
        summary: everywhere ? 'End every session of the signed-in operator' : 'Sign out (ends this session)',
        response: { 200: SuccessFlag },
      },
      handler: async (request, reply) => {
        const principal = request.adminPrincipal;
        if (principal?.kind !== 'operator')
          throw new ApiError('forbidden', 'Only a console session signs out');
        await signOut(app.db, principal, { ip: request.ip, requestId: request.id }, everywhere);
        clearSessionCookie(request, reply);
        return { success: true };
      },
    });
  }
}
