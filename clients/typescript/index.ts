/**
 * A typed client for the Quire API: `openapi-fetch` over types generated from docs/openapi.json
 * by `openapi-typescript` (`npm run openapi` regenerates both). Paths, parameters, bodies and
 * responses are checked by the compiler, and so are misspelt fields: a body property the operation
 * does not declare (`emial`) is a type error.
 *
 *   const quire = createQuireClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: process.env.QUIRE_API_KEY! });
 *   const { data, error } = await quire.POST('/v0/persons', { body: { name: 'Ada Lovelace' } });
 */
import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { components, paths } from './schema.js';

export type Problem = components['schemas']['Problem'];
export type { components, paths };

// openapi-fetch infers the request options from the argument itself, and a type inferred from an
// object accepts any extra property. Here the options' type follows from the path alone, so the
// argument is checked against it like any object literal, excess properties included.
type Init<Path extends keyof paths, Method extends HttpMethod> = MaybeOptionalInit<paths[Path], Method>;
type Operation<Path extends keyof paths, Method extends HttpMethod> = Extract<
  paths[Path][Method],
  Record<string, unknown>
>;
type InitArgument<I> = RequiredKeysOf<I> extends never ? [init?: I] : [init: I];

export type QuireMethod<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>>(
  path: Path,
  ...init: InitArgument<Init<Path, Method>>
) => Promise<FetchResponse<Operation<Path, Method>, Init<Path, Method>, 'application/json'>>;

export interface QuireClient {
  GET: QuireMethod<'get'>;
  POST: QuireMethod<'post'>;
  PATCH: QuireMethod<'patch'>;
  PUT: QuireMethod<'put'>;
  DELETE: QuireMethod<'delete'>;
}

export interface QuireClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Optional fetch implementation (tests, proxies). */
  fetch?: typeof fetch;
}

export function createQuireClient(options: QuireClientOptions): QuireClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { 'x-api-key': options.apiKey },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // The same functions under stricter signatures: every call QuireMethod accepts, openapi-fetch
  // accepts too, but TypeScript cannot relate the two generic signatures by itself.
  return {
    GET: client.GET as unknown as QuireMethod<'get'>,
    POST: client.POST as unknown as QuireMethod<'post'>,
    PATCH: client.PATCH as unknown as QuireMethod<'patch'>,
    PUT: client.PUT as unknown as QuireMethod<'put'>,
    DELETE: client.DELETE as unknown as QuireMethod<'delete'>,
  };
}

/** Follows `nextCursor` through every page of a list, yielding its items. */
export async function* allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | null } | undefined>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    if (!page) return;
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
