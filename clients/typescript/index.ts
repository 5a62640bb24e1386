/**
 * A typed client for the Quire API: `openapi-fetch` over types generated from docs/openapi.json
 * by `openapi-typescript` (`npm run openapi` regenerates both). Paths, bodies, parameters and
 * responses are checked by the compiler.
 *
 *   const quire = createQuireClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: process.env.QUIRE_API_KEY! });
 *   const { data, error } = await quire.POST('/v0/persons', { body: { name: 'Ada Lovelace' } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type QuireClient = Client<paths>;
export type Problem = components['schemas']['Problem'];
export type { components, paths };

export interface QuireClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Optional fetch implementation (tests, proxies). */
  fetch?: typeof fetch;
}

export function createQuireClient(options: QuireClientOptions): QuireClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { 'x-api-key': options.apiKey },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
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
