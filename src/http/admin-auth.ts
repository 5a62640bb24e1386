import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { bearerToken } from './bearer-token.js';
import { CSRF_HEADER, originAllowed, sameSecret, sessionIdOf } from './console-session.js';
import { FailureThrottle } from './failure-throttle.js';

/** Failed admin authentications allowed per client address at once, then one more per refill. */
export const ADMIN_FAILURE_BURST = 10;
export const ADMIN_FAILURE_REFILL_MS = 6_000;

export type OperatorRole = 'viewer' | 'editor' | 'publisher' | 'admin';

/** A signed-in console operator, as the session lookup hands it over. */
export interface ConsoleSession {
  operatorId: string;
  email: string;
  role: OperatorRole;
  /** Null for an instance admin. */
  tenantId: string | null;
  instanceAdmin: boolean;
  mustChangePassword: boolean;
  idHash: string;
  csrfToken: string;
}

/** Who is calling the operator API: the ADMIN_TOKEN bearer (scripts) or a console session. */
export type AdminPrincipal = { kind: 'admin-token' } | ({ kind: 'operator' } & ConsoleSession);

declare module 'fastify' {
  interface FastifyRequest {
    /** Null only on the public routes (signing in). */
    adminPrincipal: AdminPrincipal | null;
  }
}

export interface AdminAuthOptions {
  /** Null: the bearer is refused (ADMIN_TOKEN unset); console sessions still work. */
  adminToken: string | null;
  /** The live session a cookie's id names, or null (unknown, expired, operator disabled). */
  findSession: (sessionId: string) => Promise<ConsoleSession | null>;
  /** Routes that need no credentials (sign-in). */
  isPublic: (request: FastifyRequest) => boolean;
  /** The console's origin (src/http/public-host.ts), accepted in Origin besides the server's own. */
  consoleOrigin: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Guards the operator API. `Authorization: Bearer $ADMIN_TOKEN` is compared in constant time; an
 * address that fails too often gets 429 with Retry-After before its token is even compared, so
 * guessing is held to about ten tries a minute per address. Without a bearer, the console's
 * session cookie is accepted; a state-changing call with it must also carry the session's CSRF
 * token in X-CSRF-Token (compared in constant time) and, if the browser sent one, an Origin of
 * this server. Roles are enforced after this, by src/features/admin/enforce-roles.ts.
 */
export function registerAdminAuth(scope: FastifyInstance, options: AdminAuthOptions): void {
  const expected = options.adminToken === null ? null : digest(options.adminToken);
  const failures = new FailureThrottle(ADMIN_FAILURE_BURST, ADMIN_FAILURE_REFILL_MS);
  scope.decorateRequest('adminPrincipal', null);
  scope.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header !== undefined) {
      request.adminPrincipal = checkBearer(request, header, expected, failures);
      return;
    }
    if (options.isPublic(request)) return;
    const sessionId = sessionIdOf(request);
    const session = sessionId === null ? null : await options.findSession(sessionId);
    if (session === null) {
      throw new ApiError(
        'unauthenticated',
        sessionId === null
          ? 'Sign in to the console, or send the admin token as Authorization: Bearer <token>'
          : 'The console session has ended; sign in again',
        undefined,
        { 'WWW-Authenticate': 'Bearer realm="quire-admin"' },
      );
    }
    if (!SAFE_METHODS.has(request.method)) checkCsrf(request, session, options.consoleOrigin);
    request.adminPrincipal = { kind: 'operator', ...session };
  });
}

function checkBearer(
  request: FastifyRequest,
  header: string,
  expected: Buffer | null,
  failures: FailureThrottle,
): AdminPrincipal {
  const waitMs = failures.blockedFor(request.ip);
  if (waitMs > 0) {
    const retryAfter = Math.ceil(waitMs / 1000);
    throw ApiError.rateLimited('Too many failed admin authentications from this address', retryAfter);
  }
  const token = bearerToken(header);
  if (expected === null || token.length === 0 || !timingSafeEqual(digest(token), expected)) {
    failures.fail(request.ip);
    throw new ApiError(
      'unauthenticated',
      expected === null
        ? 'The admin token is not enabled on this server (ADMIN_TOKEN is unset); sign in to the console'
        : 'Send the admin token as Authorization: Bearer <token>',
      undefined,
      { 'WWW-Authenticate': 'Bearer realm="quire-admin"' },
    );
  }
  return { kind: 'admin-token' };
}

function checkCsrf(request: FastifyRequest, session: ConsoleSession, consoleOrigin: string): void {
  if (!originAllowed(request, consoleOrigin)) {
    throw new ApiError('forbidden', 'A console request from another origin is refused (CSRF protection)');
  }
  const token = request.headers[CSRF_HEADER];
  if (typeof token !== 'string' || !sameSecret(token, session.csrfToken)) {
    throw new ApiError(
      'forbidden',
      "A state-changing console request needs the session's CSRF token in X-CSRF-Token (CSRF protection)",
    );
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
