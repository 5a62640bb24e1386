import { createHash, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The console's session cookie. Only /admin/v0 ever receives it (its Path), it is httpOnly (no
 * script reads it), SameSite=Lax (not sent on cross-site subrequests) and Secure whenever the
 * request came over HTTPS (behind a proxy: TRUST_PROXY, so X-Forwarded-Proto counts).
 */
export const SESSION_COOKIE = 'quire_console';
const COOKIE_PATH = '/admin/v0';
/**
 * Marks a signed-in operator's browser on the hosted pages (Path /p, nothing secret in it): a visit
 * carrying it is internal traffic, never an exposure, a view or a click (docs/experiments.md). It
 * only takes its own browser out of the counts, so it needs no signature.
 */
export const OPERATOR_BROWSER_COOKIE = 'quire_operator';
const OPERATOR_BROWSER_PATH = '/p';
/** The header the console echoes the session's CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

export function sessionIdOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (header === undefined) return null;
  const value = parse(header)[SESSION_COOKIE];
  return value === undefined || value.length === 0 || value.length > 128 ? null : value;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  maxAgeMs: number,
) {
  const options = {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  } as const;
  reply.header('Set-Cookie', [
    serialize(SESSION_COOKIE, sessionId, { ...options, path: COOKIE_PATH }),
    serialize(OPERATOR_BROWSER_COOKIE, '1', { ...options, path: OPERATOR_BROWSER_PATH }),
  ]);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const options = {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: 0,
  } as const;
  reply.header('Set-Cookie', [
    serialize(SESSION_COOKIE, '', { ...options, path: COOKIE_PATH }),
    serialize(OPERATOR_BROWSER_COOKIE, '', { ...options, path: OPERATOR_BROWSER_PATH }),
  ]);
}

/** Whether the request comes from a browser an operator signed in to the console with. */
export function isOperatorBrowser(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return header !== undefined && parse(header)[OPERATOR_BROWSER_COOKIE] === '1';
}

/** SHA-256 of a session id, hex: what the database keeps instead of the id. */
export function sessionIdHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Compares two secrets in constant time (their digests, so lengths do not leak either). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Whether a state-changing request with the session cookie comes from the console itself: an
 * Origin header, when the browser sends one (every modern browser does on POST, PATCH and DELETE),
 * must be this server's own origin or the console's (`consoleOrigin`, src/http/public-host.ts).
 * An opaque origin (`null`, a sandboxed hosted page) is neither.
 */
export function originAllowed(request: FastifyRequest, consoleOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = `${request.protocol}://${request.host}`;
  return origin === own || origin === consoleOrigin;
}
