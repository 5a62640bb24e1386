import { PassThrough } from 'node:stream';
import { keyAllows } from '../../domain/scopes.js';
import { ApiError } from '../../errors.js';
import { isEventPattern, matchesAnyPattern, scopeOfEventType } from '../../events/event-types.js';
import { findEvent, type StreamedEvent } from '../../events/outbox.repository.js';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { eventBody } from '../webhooks/deliver.js';
import { EventStream, StreamEventsHeaders, StreamEventsQuery } from './events.schemas.js';
import type { EventStreamHub } from './stream-hub.js';

/** Past this much unsent output a stream is closed; the client resumes with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function list(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length === 0 ? null : items;
}

function badParameter(parameter: string, detail: string): ApiError {
  return new ApiError('validation_failed', `${parameter}: ${detail}`, [
    { parameter, detail, code: 'invalid_value' },
  ]);
}

/**
 * GET /v0/events (extension): the tenant's events as Server-Sent Events, as they happen, resumable
 * with Last-Event-ID from the outbox. It needs pages:read, and carries person, account and
 * account_log events only to keys that may also read those (persons:read).
 */
export function streamEventsRoute(app: App, hub: EventStreamHub): void {
  const { heartbeatMs, maxStreamsPerTenant } = app.config.events;
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
      const tenantId = request.tenantId;
      const patterns = list(request.query.types) ?? ['*'];
      const unknown = patterns.filter((pattern) => !isEventPattern(pattern));
      if (unknown.length > 0)
        throw badParameter('types', `unknown event types or wildcards: ${unknown.join(', ')}`);
      const audiences = list(request.query.audienceId);
      if (audiences !== null && audiences.length > 100)
        throw badParameter('audienceId', 'at most 100 audience ids');
      const scopes = request.apiKeyScopes;
      const readable = (type: string) => keyAllows(scopes, scopeOfEventType(type));
      const resumeId = request.headers['last-event-id'] ?? request.query.after;
      let after: number;
      if (resumeId === undefined || resumeId === '') after = await hub.currentPosition();
      else {
        const event = await findEvent(app.db, tenantId, resumeId);
        if (event?.position == null)
          throw new ApiError(
            'validation_failed',
            `Event ${resumeId} is unknown or no longer kept: reconnect without Last-Event-ID, and read the current state`,
            [{ header: 'Last-Event-ID', detail: 'unknown or expired event id', code: 'invalid_value' }],
          );
        after = event.position;
      }
      if (hub.countOf(tenantId) >= maxStreamsPerTenant)
        throw new ApiError(
          'rate_limited',
          `At most ${maxStreamsPerTenant} event streams of one tenant at once`,
          undefined,
          { 'Retry-After': '5' },
        );

      const stream = new PassThrough();
      const subscriber = {
        tenantId,
        end: () => stream.end(),
        wants: (event: StreamedEvent) =>
          readable(event.type) &&
          matchesAnyPattern(patterns, event.type) &&
          (audiences === null || (event.audience_id !== null && audiences.includes(event.audience_id))),
        send: (event: StreamedEvent) => {
          stream.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${eventBody(event)}\n\n`);
          // A client that does not keep up is let go; it resumes with Last-Event-ID.
          if (stream.writableLength > MAX_BUFFERED_BYTES) stream.end();
        },
      };
      // Sent before the backlog, so the client knows at once that the stream is open.
      stream.write(`retry: 3000\n: connected\n\n`);
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
      let unsubscribe = () => {};
      let stopped = false;
      const stop = () => {
        stopped = true;
        clearInterval(heartbeat);
        unsubscribe();
      };
      // Listened to before the backlog is read: a client may leave meanwhile.
      reply.raw.once('close', stop);
      stream.once('end', stop);
      try {
        unsubscribe = await hub.subscribe(subscriber, after);
      } catch (error) {
        stop();
        throw error;
      }
      if (stopped) unsubscribe();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          // A stream, not the declared string: Fastify pipes it, no serialiser involved.
          .send(stream as unknown as string)
      );
    },
  );
}
