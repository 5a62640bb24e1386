import { createHmac } from 'node:crypto';

/**
 * A visitor as privacy-first analytics count them: a hash of the address and user agent with a
 * salt that changes every UTC day, derived from the server's secret. No cookie, nothing stored on
 * the device, and yesterday's hashes cannot be linked to today's. The address itself is never stored.
 */
export function visitorHash(
  secret: string,
  tenantId: string,
  ip: string,
  userAgent: string,
  now: number,
): string {
  const day = new Date(now).toISOString().slice(0, 10);
  const salt = createHmac('sha256', secret).update(`visitor-salt:${day}`).digest();
  return createHmac('sha256', salt)
    .update(`${tenantId}\n${ip}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 32);
}
