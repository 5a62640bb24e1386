import { keyAllows } from '../../domain/scopes.js';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { scopeOfEventType } from '../../outbox/event-types.js';
import { keyStillGrants } from '../tenants/tenants.service.js';
import { EventStream, StreamEventsHeaders, StreamEventsQuery } from './events.schemas.js';
import { openTenantStream } from './open-stream.js';
import type { EventStreamHub } from './stream-hub.js';

/**
 * GET /v0/events (extension): the tenant's events as Server-Sent Events, as they happen, resumable
 * with Last-Event-ID from the outbox. It needs pages:read, and carries person, account and
 * account_log events only to keys that may also read those (persons:read).
 */
export function streamEventsRoute(app: App, hub: EventStreamHub): void {
  app.get(
    '/v0/events',
    {
      config: { scope: 'pages:read', longLived: true },
      schema: {
        operationId: 'streamEvents',
        tags: ['Events'],
        summary: "Stream the tenant's events (Server-Sent Events)",
        description:
          "Extension. A `text/event-stream` of the events of your tenant as they happen: the same events, ids and bodies as the signed webhooks (docs/events.md), filtered by `types` and `audienceId`. Reconnect with `Last-Event-ID` (browsers' EventSource does it for you) to receive what happened meanwhile, from the outbox, in order. Needs pages:read; person, account and account_log events come only to keys that also have persons:read. At most EVENTS_MAX_STREAMS_PER_TENANT streams per tenant and server process (429 beyond); an unknown or expired Last-Event-ID is a 400.",
        querystring: StreamEventsQuery,
        headers: StreamEventsHeaders,
        response: {
          200: { description: 'The stream.', content: { 'text/event-stream': { schema: EventStream } } },
          ...problemResponses('forbidden', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      const scopes = request.apiKeyScopes;
      const { tenantId, apiKeyId } = request;
      return openTenantStream(app, hub, reply, {
        tenantId,
        stillAllowed: () => keyStillGrants(app.db, apiKeyId, tenantId, scopes),
        filters: request.query,
        resumeId: request.headers['last-event-id'] ?? request.query.after,
        readable: (type) => keyAllows(scopes, scopeOfEventType(type)),
      });
    },
  );
}
