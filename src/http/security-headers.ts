import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for a JSON API (OWASP REST Security Cheat Sheet): nothing may be framed,
 * sniffed or loaded by an API response, and tenant data is never cached by intermediaries.
 * HSTS belongs to the TLS terminator in front of Quire, so it is not sent here.
 * A route that serves HTML (the API reference page) sets its own policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    hsts: false,
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/v0/') || request.url.startsWith('/admin/'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
