import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Reuses a sane incoming X-Request-Id (so a caller can trace across systems), else makes one. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SANE_ID.test(incoming)) return incoming;
  return `req_${randomUUID().replaceAll('-', '')}`;
}
