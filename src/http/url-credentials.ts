/**
 * Credentials that clients put in a URL. URLs end up in access logs, proxy logs and browser
 * history, so Quire never logs these values and refuses a key sent this way (auth.ts).
 */
const CREDENTIAL_PARAMETERS = new Set([
  'api_key',
  'apikey',
  'api-key',
  'x-api-key',
  'key',
  'token',
  'access_token',
  'admin_token',
  'authorization',
  'password',
  'secret',
  // A preview link's HMAC: whoever holds the link opens the draft it signs.
  'signature',
]);

/** The query parameters that carry an API key when clients misplace it. */
const API_KEY_PARAMETERS = new Set(['api_key', 'apikey', 'api-key', 'x-api-key']);

function isCredential(name: string): boolean {
  return CREDENTIAL_PARAMETERS.has(safeDecode(name).toLowerCase());
}

/**
 * A person page's route key ends in 13 random characters (src/domain/public-paths.ts): the secret
 * that finds the page. In a logged path the suffix is replaced, the readable slug kept. A mistyped
 * key (a character too many, upper case, a slash after it) is a 404 whose log line would still
 * carry the secret, so any last hyphen-separated part of 10 letters or digits or more is replaced:
 * it also hides a long last word of a page slug now and then, which a log can spare.
 */
const PERSON_ROUTE_SUFFIX = /(\/[^/?]*-)[a-z0-9]{10,}(?![a-z0-9])/gi;

/**
 * `url` as it may be logged: the value of every credential-like query parameter (a preview link's
 * signature too) replaced by `[redacted]`, and a person page's secret route key suffix by `[key]`.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(PERSON_ROUTE_SUFFIX, '$1[key]');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && isCredential(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The name of the query parameter an API key was sent in, if any. */
export function apiKeyQueryParameter(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return null;
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = safeDecode(eq === -1 ? pair : pair.slice(0, eq));
    if (API_KEY_PARAMETERS.has(name.toLowerCase())) return name;
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
