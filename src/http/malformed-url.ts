import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * The longest URL (path and query) Quire serves; longer ones get 414 without being echoed. It fits
 * the longest legal request: a 2,000-character search of 4-byte characters, percent-encoded, is
 * 24,000 characters.
 */
export const MAX_URL_LENGTH = 32_768;
/** Node's limit on the request line and headers together, above MAX_URL_LENGTH so Quire answers. */
export const MAX_HEADER_BYTES = MAX_URL_LENGTH + 16_384;
/** The longest path segment; every id is far shorter, so a longer one names nothing (404). */
export const MAX_PATH_SEGMENT = 255;

const MALFORMED = '_malformed-url';
type Reason = 'encoding' | 'segment' | 'length';

/**
 * Fastify answers a path with broken percent-encoding (`%ff`, `%zz`) or an over-long parameter
 * itself, outside every hook: no problem+json, no request id, no security headers, no key check,
 * and the 414 echoes the whole path. Instead such URLs are rewritten, before routing, to a route of
 * the same area (`/v0`, `/admin/v0`, or the root) that answers the problem in the usual way after
 * the usual hooks, so the API key is still checked first.
 */
export function rewriteMalformedUrl(req: RawRequestDefaultExpression): string {
  const url = req.url ?? '/';
  const reason = malformation(url);
  if (reason === null) return url;
  const area = url.startsWith('/v0/') ? '/v0' : url.startsWith('/admin/v0/') ? '/admin/v0' : '';
  return `${area}/${MALFORMED}/${reason}`;
}

function malformation(url: string): Reason | null {
  if (url.length > MAX_URL_LENGTH) return 'length';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path.includes('%')) {
    try {
      decodeURIComponent(path);
    } catch {
      return 'encoding';
    }
  }
  if (path.length > MAX_PATH_SEGMENT && path.split('/').some((s) => s.length > MAX_PATH_SEGMENT)) {
    return 'segment';
  }
  return null;
}

const ANSWERS: Record<Reason, () => ApiError> = {
  encoding: () =>
    new ApiError('bad_request', 'The URL path is not valid percent-encoding (such as %ff or %zz)'),
  segment: () =>
    new ApiError('not_found', `Not found: a path segment is longer than ${MAX_PATH_SEGMENT} characters`),
  length: () => new ApiError('uri_too_long', `The URL is longer than ${MAX_URL_LENGTH} characters`),
};

/**
 * The route malformed URLs of one area are rewritten to; register it where that area's hooks run
 * (`area` is the path the scope's own routes start with, when the scope has no prefix).
 */
export function registerMalformedUrlRoute(scope: FastifyInstance, area: '' | '/v0' = ''): void {
  scope.all<{ Params: { reason: string } }>(
    `${area}/${MALFORMED}/:reason`,
    { schema: { hide: true } },
    async (request) => {
      const answer = ANSWERS[request.params.reason as Reason];
      throw answer ? answer() : new ApiError('not_found', 'Not found');
    },
  );
}
