/**
 * A typed client for the Quire operator API (`/admin/v0`): `openapi-fetch` over types generated
 * from docs/admin-openapi.json by `openapi-typescript` (`npm run openapi` regenerates both), checked
 * like the `/v0` client (./index.ts): paths, parameters, bodies and responses, misspelt fields too.
 *
 *   // A script, with the instance's admin token:
 *   const admin = createAdminClient({ baseUrl: 'http://127.0.0.1:3000', adminToken: process.env.ADMIN_TOKEN! });
 *   const { data } = await admin.GET('/admin/v0/tenants');
 *
 *   // The console, signed in: the browser sends the session cookie, writes echo the CSRF token.
 *   const admin = createAdminClient({ baseUrl: '', csrfToken: () => session.csrfToken });
 */
import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { components, paths } from './admin-schema.js';

export type Problem = components['schemas']['Problem'];
export type { components, paths };

// The options' type follows from the path alone, so excess properties are errors (see ./index.ts).
type Init<Path extends keyof paths, Method extends HttpMethod> = MaybeOptionalInit<paths[Path], Method>;
type Operation<Path extends keyof paths, Method extends HttpMethod> = Extract<
  paths[Path][Method],
  Record<string, unknown>
>;
type InitArgument<I> = RequiredKeysOf<I> extends never ? [init?: I] : [init: I];

// Answers are JSON, errors problem+json: both media types, so `error` is typed as the Problem.
type Media = 'application/json' | 'application/problem+json';

export type AdminMethod<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>>(
  path: Path,
  ...init: InitArgument<Init<Path, Method>>
) => Promise<FetchResponse<Operation<Path, Method>, Init<Path, Method>, Media>>;

export interface AdminClient {
  GET: AdminMethod<'get'>;
  POST: AdminMethod<'post'>;
  PATCH: AdminMethod<'patch'>;
  PUT: AdminMethod<'put'>;
  DELETE: AdminMethod<'delete'>;
}

export interface AdminClientOptions {
  baseUrl: string;
  /** The instance's ADMIN_TOKEN, sent as a bearer (scripts). Without it, the session cookie counts. */
  adminToken?: string;
  /** A console session's CSRF token (from the sign-in or GET /admin/v0/me), sent on every write. */
  csrfToken?: () => string | undefined;
  /** Optional fetch implementation (tests, proxies). */
  fetch?: typeof fetch;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.adminToken === undefined
      ? {}
      : { headers: { authorization: `Bearer ${options.adminToken}` } }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const csrfToken = options.csrfToken;
  if (csrfToken !== undefined) {
    client.use({
      onRequest: ({ request }) => {
        const token = csrfToken();
        if (token !== undefined && !SAFE_METHODS.has(request.method))
          request.headers.set('x-csrf-token', token);
        return request;
      },
    });
  }
  // The same functions under stricter signatures (see ./index.ts).
  return {
    GET: client.GET as unknown as AdminMethod<'get'>,
    POST: client.POST as unknown as AdminMethod<'post'>,
    PATCH: client.PATCH as unknown as AdminMethod<'patch'>,
    PUT: client.PUT as unknown as AdminMethod<'put'>,
    DELETE: client.DELETE as unknown as AdminMethod<'delete'>,
  };
}
