import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { addressRefusal, guardedLookup, type NetworkPolicy } from './address-guard.js';

/** The response bytes read at most; the rest is not waited for. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** The response bytes kept in the delivery log. */
export const LOGGED_RESPONSE_BYTES = 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: NetworkPolicy;
}

export interface WebhookResponse {
  /** A 2xx answer. */
  ok: boolean;
  status: number | null;
  /** The first LOGGED_RESPONSE_BYTES of the response body, as text. */
  body: string | null;
  /** Why the attempt failed when there was no 2xx answer (timeout, refused address, redirect...). */
  error: string | null;
  durationMs: number;
}

/**
 * One delivery attempt: a POST, connected only to an address the policy allows (address-guard.ts),
 * given up after `timeoutMs` in all. Redirects are not followed (a 3xx is a failed attempt) and the
 * response body is read up to a cap. Never throws: every failure is a WebhookResponse.
 */
export function sendWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const url = new URL(request.url);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: it is checked here.
  const refusal = net.isIP(literal) === 0 ? null : addressRefusal(literal, request.policy);
  if (refusal !== null) {
    return Promise.resolve({
      ok: false,
      status: null,
      body: null,
      error: `refused to connect: ${refusal}`,
      durationMs: 0,
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (ok: boolean, status: number | null, body: string | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.destroy();
      resolve({ ok, status, body, error, durationMs: Math.round(performance.now() - started) });
    };
    const transport = url.protocol === 'https:' ? https : http;
    const client = transport.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: guardedLookup(request.policy),
      agent: false,
    });
    const timer = setTimeout(
      () => finish(false, null, null, `no answer within ${request.timeoutMs} ms`),
      request.timeoutMs,
    );
    client.on('error', (error) => finish(false, null, null, error.message));
    client.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).subarray(0, LOGGED_RESPONSE_BYTES).toString('utf8');
        if (status >= 200 && status < 300) finish(true, status, text, null);
        else if (status >= 300 && status < 400)
          finish(
            false,
            status,
            text,
            `redirect to ${response.headers.location ?? '(no location)'} not followed`,
          );
        else finish(false, status, text, `HTTP ${status}`);
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_RESPONSE_BYTES) done();
      });
      response.on('end', done);
      response.on('error', (error) => finish(false, status, null, error.message));
    });
    client.end(request.body);
  });
}
