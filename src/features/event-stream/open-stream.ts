import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { isEventPattern, matchesAnyPattern } from '../../outbox/event-types.js';
import { findEvent, type StreamedEvent } from '../../outbox/outbox.repository.js';
import { eventBody } from '../webhooks/deliver.js';
import type { EventStreamHub } from './stream-hub.js';

/** Past this much unsent output a stream is closed; the client resumes with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface StreamFilters {
  types?: string | undefined;
  audienceId?: string | undefined;
}

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
 * Answers a request with a tenant's events as Server-Sent Events: what the filters and `readable`
 * let through, from after `resumeId` (Last-Event-ID) or from now. GET /v0/events (an API key) and
 * GET /admin/v0/tenants/{tenant}/events (a console session) differ only in who may read what.
 */
export async function openTenantStream(
  app: App,
  hub: EventStreamHub,
  reply: FastifyReply,
  options: {
    tenantId: string;
    filters: StreamFilters;
    resumeId: string | undefined;
    readable: (type: string) => boolean;
    /**
     * Whether the credential that opened the stream still grants it (a key not revoked, a session
     * not ended, the same role or scopes, the tenant still there). Asked every
     * EVENTS_ACCESS_CHECK_MS; false (or a failed check) ends the stream, on whichever process it is.
     */
    stillAllowed: () => Promise<boolean>;
  },
) {
  const { heartbeatMs, maxStreamsPerTenant, accessCheckMs } = app.config.events;
  const { tenantId, readable } = options;
  const patterns = list(options.filters.types) ?? ['*'];
  const unknown = patterns.filter((pattern) => !isEventPattern(pattern));
  if (unknown.length > 0)
    throw badParameter('types', `unknown event types or wildcards: ${unknown.join(', ')}`);
  const audiences = list(options.filters.audienceId);
  if (audiences !== null && audiences.length > 100)
    throw badParameter('audienceId', 'at most 100 audience ids');
  let after: number;
  if (options.resumeId === undefined || options.resumeId === '') after = await hub.currentPosition();
  else {
    const event = await findEvent(app.db, tenantId, options.resumeId);
    if (event?.position == null)
      throw new ApiError(
        'validation_failed',
        `Event ${options.resumeId} is unknown or no longer kept: reconnect without Last-Event-ID, and read the current state`,
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
  let checking = false;
  const accessCheck = setInterval(() => {
    if (checking) return;
    checking = true;
    options.stillAllowed().then(
      (allowed) => {
        checking = false;
        if (!allowed) stream.end();
      },
      // A check that cannot be made ends the stream too: the client reconnects and is checked anew.
      () => {
        checking = false;
        stream.end();
      },
    );
  }, accessCheckMs);
  let unsubscribe = () => {};
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(heartbeat);
    clearInterval(accessCheck);
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
}
