import { Type } from 'typebox';
import { linksOf } from '../../domain/public-links.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { originAllowed, setSessionCookie } from '../../http/console-session.js';
import { problemResponses } from '../../http/problem.js';
import { consoleOrigin } from '../../http/public-host.js';
import { storageFromConfig } from '../files/storage-from-config.js';
import { createFirstAdmin, setupNeeded } from './first-admin.service.js';
import { MeSchema, SetupBody } from './operators.schemas.js';
import { toOperator } from './operators.service.js';
import { pageAgentOf } from './page-agent-info.js';
import { signIn } from './sessions.service.js';

/**
 * GET /admin/v0/setup: whether the instance still needs its first admin. POST /admin/v0/setup:
 * creates it with the setup token the server printed at start (docs/console.md), then signs it in.
 */
export function setupAdminRoutes(app: App): void {
  app.get(
    '/setup',
    {
      config: { policy: { access: 'public' } },
      schema: {
        operationId: 'adminSetupStatus',
        tags: ['Session'],
        summary: 'Whether the instance still needs its first admin',
        description: 'Tells only whether any operator exists, nothing about them.',
        response: { 200: Type.Object({ needed: Type.Boolean() }, { title: 'SetupStatus' }) },
      },
    },
    async () => ({ needed: await setupNeeded(app.db) }),
  );

  app.post(
    '/setup',
    {
      config: { policy: { access: 'public', audited: 'service' } },
      schema: {
        operationId: 'adminSetUp',
        tags: ['Session'],
        summary: 'Create the first admin (and its tenant, optionally with the demo), and sign it in',
        description:
          "Only while the instance has no operator, and only with the setup token of the server's " +
          'startup output: another token is a 400 naming `/setupToken`; once an operator exists, 409.',
        body: SetupBody,
        response: { 200: MeSchema, ...problemResponses('forbidden', 'conflict', 'validation_failed') },
      },
    },
    async (request, reply) => {
      if (!originAllowed(request, consoleOrigin(app.config))) {
        throw new ApiError('forbidden', 'A setup from another origin is refused (CSRF protection)');
      }
      const origin = { ip: request.ip, requestId: request.id };
      await createFirstAdmin(app.db, app.config.hostedPagesSecret, request.body, origin, {
        links: linksOf(app.config),
        files: { storage: storageFromConfig(app.config), config: app.config },
      });
      const { sessionId, csrfToken, operator } = await signIn(app.db, {
        email: request.body.email,
        password: request.body.password,
        origin,
        userAgent: request.headers['user-agent'] ?? '',
        previousSessionId: null,
        limits: { idleMs: app.config.console.sessionIdleMs, maxMs: app.config.console.sessionMaxMs },
      });
      setSessionCookie(request, reply, sessionId, app.config.console.sessionMaxMs);
      return { operator: toOperator(operator), csrfToken, pageAgent: pageAgentOf(app.config) };
    },
  );
}
