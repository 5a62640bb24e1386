import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com), with the official library: every
 * verification library of the specification checks these headers unchanged.
 */

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the specification's format). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The three headers of one attempt. The timestamp is the attempt's (a retry is signed anew), the
 * id is the event's (stable across retries and replays, for deduplication). With several secrets
 * (a rotation's overlap) the signature header carries one signature per secret, and a receiver
 * holding either secret verifies it.
 */
export function signatureHeaders(
  eventId: string,
  body: string,
  secrets: readonly string[],
  at: Date,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' '),
  };
}
