/**
 * The token of an `Authorization: Bearer <token>` header, or '' when the header is absent or of
 * another scheme. The scheme is case-insensitive (RFC 9110, section 11.1): `bearer`, `BEARER` and
 * `Bearer` are one scheme, and clients (curl scripts, proxies, some SDKs) send each of them.
 */
export function bearerToken(header: string | undefined): string {
  const match = BEARER.exec(header ?? '');
  return match === null ? '' : match[1]!;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
