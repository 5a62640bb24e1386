import type { FastifyInstance } from 'fastify';

/**
 * Security headers for a JSON API (OWASP REST Security Cheat Sheet): nothing may be framed,
 * sniffed or loaded by an API response, and tenant data is never cached by intermediaries
 * (`Cache-Control: no-store` on /v0 and /admin).
 * HSTS belongs to the TLS terminator in front of Quire, so it is not sent here.
 *
 * A constant set, written once per response: @fastify/helmet re-parsed its CSP directives on every
 * request, which showed in the profile of the GET-person benchmark. A route that serves HTML (the
 * API reference page) overrides Content-Security-Policy itself.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/**
 * Documents (the API reference, hosted pages, anything a browser renders) also get the two
 * headers that only a document uses: Cross-Origin-Opener-Policy (the browsing context group of a
 * window the page opens) and Referrer-Policy (what the page's own links and loads send). A JSON
 * response opens no window and loads nothing, so /v0 and /admin answers leave them out (they were
 * a quarter of the header bytes of every API response).
 */
export const DOCUMENT_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Sets the request id header and the security headers, in one synchronous hook per request. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('request-id', request.id);
    const url = request.url;
    reply.headers(url.startsWith('/v0/') || url.startsWith('/admin/') ? API_HEADERS : DOCUMENT_HEADERS);
    done();
  });
}
