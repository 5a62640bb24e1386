import { randomBytes } from 'node:crypto';
import slugify from '@sindresorhus/slugify';

/**
 * The names in public page URLs (`/p/{tenantHandle}/{pageSlug}/{routeKey}`): kebab-case, and for a
 * person's audience a route key that cannot be guessed from the person's name. Shared by the
 * tenants, pages and audiences features (which set them) and the hosted feature (which reads them).
 */
export const MAX_PATH_NAME = 80;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A kebab-case name (`Acme Corp.` -> `acme-corp`), or `fallback` when nothing is left. */
export function kebabName(name: string, fallback: string): string {
  const slug = slugify(name, { decamelize: false })
    .slice(0, MAX_PATH_NAME - 10)
    .replace(/-+$/, '');
  return slug.length > 0 ? slug : fallback;
}

export function isKebabName(value: string): boolean {
  return value.length <= MAX_PATH_NAME && KEBAB.test(value);
}

/** `base`, else `base-2`, `base-3`... the first one not taken. */
export function firstFreeName(base: string, taken: readonly string[]): string {
  const set = new Set(taken);
  let candidate = base;
  for (let n = 2; set.has(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

// No 0/o, 1/l: the suffix is read aloud and typed from printouts sometimes.
const BASE32 = 'abcdefghijkmnpqrstuvwxyz23456789';
export const ROUTE_SUFFIX_LENGTH = 13;

/**
 * A person audience's route key: the person's readable slug plus 13 characters of a 32-letter
 * alphabet (65 random bits), e.g. `grace-hopper-3kq9x7m2pf4tq`. Knowing the name is not enough to
 * find the page. Rejection sampling is unnecessary: 256 is a multiple of 32, so `b % 32` is uniform.
 */
export function personRouteKey(personSlug: string): string {
  const suffix = Array.from(randomBytes(ROUTE_SUFFIX_LENGTH), (b) => BASE32[b % 32]).join('');
  return `${personSlug}-${suffix}`;
}
