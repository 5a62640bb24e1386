/**
 * The typed admin client (`@quire/client/admin`: openapi-fetch over openapi-typescript's types),
 * which sends the session cookie (same origin) and echoes the session's CSRF token on every
 * state-changing call, and `ok`, which turns a problem+json answer into an ApiProblem.
 */
import { createAdminClient } from '@quire/client/admin';
import type { FieldProblem, Me, Schemas } from './types';

/** A problem+json answer (RFC 9457), as the server renders every error. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldProblem[] = [],
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }

  /** Field errors by form path: `/body/headline` becomes `body.headline`. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) {
      if (e.pointer) out[e.pointer.slice(1).replaceAll('/', '.')] ??= e.detail;
    }
    return out;
  }
}

export const BASE = '/admin/v0';
let csrfToken: string | undefined;
export const client = createAdminClient({ baseUrl: '', csrfToken: () => csrfToken });

/** The data of a successful answer; otherwise the answer's problem, thrown as ApiProblem. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const p = (typeof error === 'object' && error !== null ? error : {}) as Partial<Schemas['Problem']>;
  throw new ApiProblem(
    response.status,
    p.code ?? 'internal',
    p.detail ?? response.statusText,
    p.errors ?? [],
  );
}

/** Query parameters without the empty ones: an empty search box means no filter. */
export function present<Q extends Record<string, string | number | undefined>>(query: Q): Q {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Q;
}

/** Keeps the session's CSRF token, which every answer carrying the operator brings. */
export const remember = (me: Me) => {
  csrfToken = me.csrfToken;
  return me;
};
export const tenantPath = (tenant: string) => ({ path: { tenant } });

/** The session's CSRF token, for the few calls made with fetch itself (a file sent as the body). */
export const currentCsrfToken = () => csrfToken;
