import type { FastifyInstance } from 'fastify';

/**
 * Security headers for a JSON API (OWASP REST Security Cheat Sheet): nothing may be framed,
 * sniffed or loaded by an API response, and tenant data is never cached by intermediaries.
 * HSTS belongs to the TLS terminator in front of Quire, so it is not sent here.
 *
 * A constant set, written once per response: @fastify/helmet re-parsed its CSP directives on every
 * request, which showed in the profile of the GET-person benchmark. A route that serves HTML (the
 * API reference page) overrides Content-Security-Policy itself.
 */
const HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/** Sets the request id header and the security headers, in one synchronous hook per request. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Request-Id', request.id);
    reply.headers(HEADERS);
    if (request.url.startsWith('/v0/') || request.url.startsWith('/admin/')) {
      reply.header('Cache-Control', 'no-store');
    }
    done();
  });
}
