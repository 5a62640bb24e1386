import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed form token (docs/forms.md): stateless, so a page view stores nothing. It names the
 * rendering it was made for (tenant, page, audience, version, form block) and when; the signature
 * is an HMAC with a key derived from the instance's hosted-pages secret, so a token cannot be
 * forged, moved to another page, audience or version, or made younger. Its form is
 * `<issued-at, base 36>.<signature, base64url>`: the rest is known from the URL it is posted to.
 */
export interface TokenSubject {
  tenantId: string;
  pageId: string;
  /** '' for the page itself. */
  audienceId: string;
  versionId: string | null;
  blockId: string;
}

// The key derived from each secret, once: a form page makes a token per request.
const keys = new Map<string, Buffer>();

function signature(secret: string, subject: TokenSubject, issuedAt: number): Buffer {
  let key = keys.get(secret);
  if (key === undefined) {
    key = createHmac('sha256', secret).update('quire form token v1').digest();
    keys.set(secret, key);
  }
  const text = [
    subject.tenantId,
    subject.pageId,
    subject.audienceId,
    subject.versionId ?? '',
    subject.blockId,
    String(issuedAt),
  ].join('\n');
  return createHmac('sha256', key).update(text).digest();
}

export function makeFormToken(secret: string, subject: TokenSubject, issuedAt = Date.now()): string {
  return `${issuedAt.toString(36)}.${signature(secret, subject, issuedAt).toString('base64url')}`;
}

/** The token's issue time when it is this rendering's and genuine, else null (forged, moved, malformed). */
export function formTokenIssuedAt(secret: string, subject: TokenSubject, token: string): number | null {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return null;
  const issuedAt = Number.parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(issuedAt)) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, subject, issuedAt);
  return given.length === expected.length && timingSafeEqual(given, expected) ? issuedAt : null;
}

/** What the database keeps of a token: its hash (unique per tenant; one token, one submission). */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
