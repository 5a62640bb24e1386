import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a graceful shutdown: new connections are refused, every response carries
     * `Connection: close`, so clients leave their keep-alive connections cleanly, and new requests
     * get 503 with Retry-After. Requests already running finish normally.
     */
    beginDrain(): void;
    readonly draining: boolean;
  }
}

/**
 * Closing a keep-alive connection that looks idle races with a client that is just sending on it:
 * the client sees a reset. Telling each client on its next exchange to close the connection
 * itself avoids that race for every connection that is in use; server.ts waits a moment for this
 * before it closes what is left.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.decorate('beginDrain', () => {
    draining = true;
    // Stop accepting connections but keep the open ones: http.Server#close would also close every
    // connection that looks idle at once, including one whose first request is on its way.
    if (app.server.listening) net.Server.prototype.close.call(app.server);
  });
  app.decorate('draining', {
    getter: () => draining,
  });
  // Callback hooks, not async ones: they run on every request and response, and need no promise
  // for a check that is false until shutdown.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.header('Connection', 'close');
    done(
      new ApiError(
        'service_unavailable',
        'The server is shutting down; retry on a new connection',
        undefined,
        {
          'Retry-After': '1',
        },
      ),
    );
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });
}
