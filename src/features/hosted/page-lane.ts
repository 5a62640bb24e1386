import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';
import { backgroundShare } from '../../background-share.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { requestIdFor } from '../../http/request-id.js';
import { DOCUMENT_HEADERS } from '../../http/security-headers.js';
import { redactUrl } from '../../http/url-credentials.js';
import { PAGE_HEADERS } from './page-headers.js';
import type { ResolveCache, Snapshot } from './resolve-cache.js';

/**
 * The hosted pages' fast lane (docs/hosted-pages.md, "The fast lane"; docs/performance.md, s8).
 *
 * A GET of a page that Fastify has just answered from the render cache is answered again, from the
 * same cache, by the HTTP server's own request listener: no routing, no request and reply objects,
 * no hooks. Measured (docs/performance.md, s8), they cost a cached page more than writing its
 * 30 KB does.
 *
 * Fastify stays the one place that decides what a URL shows: its route offers each answer here
 * (`offer`, from serve-page.ts) and the lane repeats it only
 * - for the same host and URL (no query), without a cookie (an operator's browser, an experiment's
 *   unit) and without If-None-Match (the 304 is Fastify's);
 * - while the resolve cache still holds the very snapshot the answer was made from: the same rule
 *   (nothing written since, read less than a second ago) that lets Fastify's route skip the
 *   database, so the lane never shows a page longer than the route would;
 * - while the server is not draining or closing.
 * It keeps what every answer owes: the per-address rate limit and its headers (an address over its
 * limit goes to Fastify, which refuses it), a request id, the access log line and the request
 * metrics (its log line says `lane: true`). A form page is cached like any other: its forms fetch
 * their own tokens (serve-form.ts). The lane is off with tracing (a span per request) and with a Redis-backed limiter (asynchronous).
 */
export interface LanePage {
  body: Buffer;
  csp: string;
  cacheControl: string;
  etag?: string;
  fallback: string | null;
}

interface Answer {
  snapshot: Snapshot;
  handle: string;
  slug: string;
  routeKey: string | null;
  route: string;
  redactedUrl: string;
  body: Buffer;
  /** Every header but the request's own (request id, rate limit, length), as writeHead takes them. */
  headers: string[];
}

export interface LaneOptions {
  resolves: ResolveCache;
  /** The hosted pages' per-address limiter (null: none); the lane is only made for a synchronous one. */
  limiter: RateLimiter | null;
  /** Fastify's trustProxy, so the lane limits the address Fastify's route would. */
  trustProxy: boolean | string;
  /** The access log line, as request-logging.ts writes it (with `lane: true`). */
  log: (fields: Record<string, unknown>, message: string) => void;
  /** The request metrics (null with METRICS=off). */
  record: ((route: string, method: string, status: number, seconds: number) => void) | null;
  /** True once the server drains or closes. */
  stopped: () => boolean;
}

const MAX_ANSWERS = 2000;

export class PageLane {
  readonly #answers = new Map<string, Answer>();
  readonly #options: LaneOptions;
  readonly #address: (request: IncomingMessage) => string | undefined;

  constructor(options: LaneOptions) {
    this.#options = options;
    this.#address = addressOf(options.trustProxy);
  }

  /** The lane's key of a request: the host (and, behind a trusted proxy, the protocol) and URL. */
  #keyOf(headers: IncomingMessage['headers'], url: string): string {
    const proto = this.#options.trustProxy === false ? '' : (headers['x-forwarded-proto'] ?? '');
    return `${proto}|${headers.host ?? ''}|${url}`;
  }

  /** Called by the route as it answers from the render cache: the lane may repeat this answer. */
  offer(
    request: FastifyRequest,
    snapshot: Snapshot,
    address: { handle: string; slug: string; routeKey: string | null },
    page: LanePage,
  ): void {
    const url = request.raw.url ?? '';
    if (request.raw.method !== 'GET' || url.includes('?') || request.headers.cookie !== undefined) return;
    const fixed: Record<string, string> = {
      ...DOCUMENT_HEADERS,
      ...PAGE_HEADERS,
      'content-security-policy': page.csp,
      'cache-control': page.cacheControl,
      ...(page.etag === undefined ? {} : { etag: page.etag }),
      ...(page.fallback === null ? {} : { 'quire-page-fallback': page.fallback }),
    };
    const key = this.#keyOf(request.headers, url);
    this.#answers.delete(key);
    this.#answers.set(key, {
      snapshot,
      ...address,
      route: request.routeOptions.url ?? 'unmatched',
      redactedUrl: redactUrl(url),
      body: page.body,
      headers: Object.entries(fixed).flat(),
    });
    if (this.#answers.size > MAX_ANSWERS) this.#answers.delete(this.#answers.keys().next().value!);
  }

  /** Answers the request from the lane and returns true, or returns false for Fastify to answer. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const headers = request.headers;
    if (headers.cookie !== undefined || headers['if-none-match'] !== undefined) return false;
    const key = this.#keyOf(headers, request.url ?? '');
    const answer = this.#answers.get(key);
    if (answer === undefined || this.#options.stopped()) return false;
    const started = performance.now();
    if (this.#options.resolves.peek(answer.handle, answer.slug, answer.routeKey) !== answer.snapshot) {
      this.#answers.delete(key);
      return false;
    }
    const limit = this.#limit(request);
    if (limit === false) return false;
    const id = requestIdFor(request);
    const body = answer.body;
    response.writeHead(200, [
      'request-id',
      id,
      ...answer.headers,
      ...limit,
      'content-length',
      String(body.length),
    ]);
    response.end(body);
    const seconds = (performance.now() - started) / 1000;
    this.#options.record?.(answer.route, 'GET', 200, seconds);
    this.#options.log(
      {
        requestId: id,
        method: 'GET',
        url: answer.redactedUrl,
        statusCode: 200,
        responseTime: Math.round(seconds * 100_000) / 100,
        lane: true,
      },
      'request completed',
    );
    return true;
  }

  /** The rate limit headers, or false when the address is over its limit (Fastify refuses it). */
  #limit(request: IncomingMessage): string[] | false {
    const limiter = this.#options.limiter;
    if (limiter === null) return [];
    const address = this.#address(request);
    if (address === undefined) return false;
    const verdict = limiter.take(`hosted:${address}`);
    if (verdict instanceof Promise || !verdict.allowed) return false;
    return [
      'ratelimit-policy',
      limiter.policyHeader,
      'ratelimit',
      `"per-key";r=${verdict.remaining};t=${Math.max(0, Math.ceil(verdict.waitMs / 1000))}`,
    ];
  }
}

/** The client's address as Fastify's `request.ip` gives it for this trustProxy setting. */
function addressOf(trustProxy: boolean | string): (request: IncomingMessage) => string | undefined {
  if (trustProxy === false) return (request) => request.socket.remoteAddress;
  const trust =
    trustProxy === true
      ? () => true
      : proxyAddr.compile(
          trustProxy
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        );
  return (request) => proxyAddr(request, trust);
}

/**
 * Puts the lane in front of Fastify's own request listener on the server: a request the lane does
 * not answer goes on to Fastify unchanged (`app.inject` never passes here: the route tests cover
 * Fastify's path, page-lane.route.test.ts the lane over real connections).
 */
export function installPageLane(server: Server, lane: PageLane): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const fastify = listeners[0];
  if (fastify === undefined || listeners.length !== 1)
    throw new Error('expected Fastify as the only request listener');
  server.removeListener('request', fastify);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (lane.serve(request, response)) backgroundShare.noteRequest();
    else fastify.call(server, request, response);
  });
}
