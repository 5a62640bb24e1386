import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { sessionStillGrants } from '../operators/sessions.service.js';
import { tenantExists } from '../tenants/tenants-reads.service.js';
import { EventStream, StreamEventsHeaders, StreamEventsQuery } from './events.schemas.js';
import { openTenantStream } from './open-stream.js';
import type { EventStreamHub } from './stream-hub.js';

/**
 * GET /admin/v0/tenants/{tenant}/events: the tenant's events as Server-Sent Events for the
 * console (a viewer reads everything of its tenant, so every type), the same stream, filters and
 * Last-Event-ID as GET /v0/events. The console invalidates what it shows when an event arrives,
 * so messages and drafts appear without polling. An EventSource sends the session cookie.
 */
export function streamEventsAdminRoute(app: App, hub: EventStreamHub): void {
  app.get(
    '/tenants/:tenant/events',
    {
      config: { policy: { access: 'viewer' }, longLived: true },
      schema: {
        operationId: 'adminStreamEvents',
        tags: ['Events'],
        summary: "Stream the tenant's events (Server-Sent Events), every type",
        params: Type.Object({ tenant: PathId }),
        querystring: StreamEventsQuery,
        headers: StreamEventsHeaders,
        response: {
          200: { description: 'The stream.', content: { 'text/event-stream': { schema: EventStream } } },
        },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenantId;
      const principal = request.adminPrincipal;
      const limits = { idleMs: app.config.console.sessionIdleMs, maxMs: app.config.console.sessionMaxMs };
      return openTenantStream(app, hub, reply, {
        tenantId,
        filters: request.query,
        resumeId: request.headers['last-event-id'] ?? request.query.after,
        readable: () => true,
        // The admin token's stream lasts as long as the token and the tenant (a restart ends it).
        stillAllowed: () =>
          principal?.kind === 'operator'
            ? sessionStillGrants(app.db, principal, tenantId, limits)
            : tenantExists(app.db, tenantId),
      });
    },
  );
}
