import net from 'node:net';
import { ApiError } from '../../errors.js';
import { addressRefusal, type NetworkPolicy } from './address-guard.js';

const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks an endpoint URL when it is created or changed: https (http only for localhost, and only
 * when WEBHOOK_ALLOW_HTTP_LOCALHOST allows it), no credentials, and not a literal address the
 * deliveries could not reach anyway. Host names are checked again, resolved, at every delivery.
 * Returns the URL as stored (without a fragment), or a 400 naming `pointer`.
 */
export function checkEndpointUrl(raw: string, policy: NetworkPolicy, pointer = '/url'): string {
  const refuse = (detail: string) => ApiError.invalidField(pointer, detail, 'invalid_format');
  if (!URL.canParse(raw)) throw refuse('url must be an absolute URL such as https://example.com/webhooks');
  const url = new URL(raw);
  const localhost = LOCALHOST_NAMES.has(url.hostname);
  if (url.protocol === 'http:' && !(localhost && policy.allowHttpLocalhost)) {
    throw refuse(
      localhost
        ? 'http is accepted for localhost only when WEBHOOK_ALLOW_HTTP_LOCALHOST=true; use https'
        : 'url must use https',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('url must use https');
  if (url.username !== '' || url.password !== '')
    throw refuse('url must not carry a user name or password; authenticate with the signature');
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) !== 0) {
    const refusal = addressRefusal(literal, policy);
    if (refusal !== null)
      throw refuse(`${refusal}; set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to deliver inside your network`);
  }
  url.hash = '';
  return url.toString();
}
