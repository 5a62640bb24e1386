/**
 * What a beacon may carry: `{ referrer, query }`, as JSON whatever the content type says. The
 * sandboxed page (an opaque origin) sends it as text/plain in `no-cors` mode, a simple request
 * with no CORS preflight; older pages and scripts send application/json. Anything else (another
 * shape, a field that is not a string, invalid JSON) counts as an empty beacon: a beacon always
 * answers 204 and reveals nothing.
 */
export interface BeaconFields {
  referrer?: string;
  query?: string;
}

const MAX_FIELD = 2048;

export function beaconFields(body: unknown): BeaconFields {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const { referrer, query } = value as Record<string, unknown>;
  return {
    ...(typeof referrer === 'string' ? { referrer: referrer.slice(0, MAX_FIELD) } : {}),
    ...(typeof query === 'string' ? { query: query.slice(0, MAX_FIELD) } : {}),
  };
}
