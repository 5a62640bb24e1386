import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// A random prefix per process and a counter: unique across nodes and restarts, and cheaper than
// a random UUID per request (this runs on every request).
const PROCESS_PREFIX = `req_${randomBytes(6).toString('hex')}`;
let counter = 0;

/** Reuses a sane incoming X-Request-Id (so a caller can trace across systems), else makes one. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SANE_ID.test(incoming)) return incoming;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${PROCESS_PREFIX}${counter.toString(36).padStart(8, '0')}`;
}
