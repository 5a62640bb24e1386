import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { createRateLimiter, enforceRateLimit } from '../../http/rate-limit.js';
import { settle } from '../../http/sync-hook.js';
import { beaconFields } from './beacon-body.js';
import { ALTCHA_SCRIPT_PATH, altchaScript } from './form-assets.js';
import { mappedHostHandler } from './mapped-hosts.js';
import { PageCache } from './page-cache.js';
import { PageLane } from './page-lane.js';
import { ResolveCache } from './resolve-cache.js';
import { robotsTxtRoute } from './robots-txt.route.js';
import { submitPageForm } from './serve-form.js';
import { beaconView, followAction, type HostedDeps, type PageAddress, servePage } from './serve-page.js';
import { servePreview } from './serve-preview.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });

/**
 * The public hosted pages under /p/ (docs/hosted-pages.md): no API key, rate-limited per address.
 * Registered in their own scope so the limiter and hidden schemas apply to them only.
 */
export function hostedRoutes(
  app: App,
  options: { lane: boolean },
): { mappedHost: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>; lane: PageLane | null } {
  const config = app.config;
  // Per minute: a bucket that refills at perMinute/60 a second and holds a minute's worth.
  const perMinute = (limit: number) =>
    createRateLimiter(app, {
      perSecond: limit / 60,
      burst: limit,
      redisUrl: config.redisUrl,
      redisTimeoutMs: config.redisTimeoutMs,
    });
  const limiter = createRateLimiter(app, {
    perSecond: config.hostedRateLimitPerSecond,
    burst: config.hostedRateLimitBurst,
    redisUrl: config.redisUrl,
    redisTimeoutMs: config.redisTimeoutMs,
  });
  const resolves = new ResolveCache(app.db, config.events.listen);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // The lane limits synchronously: with Redis the limit is asynchronous, so Fastify's route serves.
  const lane =
    options.lane && config.redisUrl === null
      ? new PageLane({
          resolves,
          limiter,
          trustProxy: config.console.trustProxy,
          log: (fields, message) => app.log.info(fields, message),
          record: app.recordRequest ?? null,
          stopped: () => closing || app.draining,
        })
      : null;
  const deps: HostedDeps = {
    db: app.db,
    config,
    cache: new PageCache(),
    resolves,
    secret: config.hostedPagesSecret,
    formLimits: {
      perAddress: perMinute(config.formRateLimitPerAddress),
      perForm: perMinute(config.formRateLimitPerForm),
    },
    lane,
  };
  app.addHook('onClose', async () => deps.resolves.close());
  if (limiter !== null) {
    app.addHook('onRequest', (request, reply, done) =>
      settle(() => enforceRateLimit(limiter, `hosted:${request.ip}`, reply), done),
    );
  }
  // The sandboxed page's beacon is a text/plain simple request (beacon-body.ts); only here.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) =>
    done(null, body),
  );
  // A form's plain HTML post (serve-form.ts reads it); only here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 32_768 },
    (_request, body, done) => done(null, body),
  );
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  const address = (params: { handle: string; slug: string; route_key?: string }): PageAddress => ({
    handle: params.handle,
    slug: params.slug,
    routeKey: params.route_key ?? null,
    base: `/p/${encodeURIComponent(params.handle)}/${encodeURIComponent(params.slug)}`,
    origin: config.publicBaseUrl,
  });
  const PagePath = Type.Object({ handle: Name, slug: Name });
  const AudiencePath = Type.Object({ handle: Name, slug: Name, route_key: Name });
  const GoPath = Type.Object({ handle: Name, slug: Name, action_id: Name });
  const AudienceGoPath = Type.Object({ handle: Name, slug: Name, route_key: Name, action_id: Name });

  app.get('/p/:handle/:slug', { schema: { params: PagePath } }, async (request, reply) =>
    servePage(deps, address(request.params), request, reply),
  );
  app.get('/p/:handle/:slug/:route_key', { schema: { params: AudiencePath } }, async (request, reply) =>
    servePage(deps, address(request.params), request, reply),
  );
  app.post('/p/:handle/:slug', { schema: { params: PagePath }, bodyLimit: 32_768 }, async (request, reply) =>
    submitPageForm(deps, address(request.params), request, reply),
  );
  app.post(
    '/p/:handle/:slug/:route_key',
    { schema: { params: AudiencePath }, bodyLimit: 32_768 },
    async (request, reply) => submitPageForm(deps, address(request.params), request, reply),
  );
  // The proof-of-work widget, from Quire itself (form-assets.ts); its path names its version.
  app.get(ALTCHA_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .send(altchaScript()),
  );
  app.get('/p/:handle/:slug/go/:action_id', { schema: { params: GoPath } }, async (request, reply) =>
    followAction(deps, address(request.params), request.params.action_id, request, reply),
  );
  app.get(
    '/p/:handle/:slug/:route_key/go/:action_id',
    { schema: { params: AudienceGoPath } },
    async (request, reply) =>
      followAction(deps, address(request.params), request.params.action_id, request, reply),
  );
  app.post(
    '/p/:handle/:slug/view',
    { schema: { params: PagePath }, bodyLimit: 8192 },
    async (request, reply) =>
      beaconView(deps, address(request.params), beaconFields(request.body), request, reply),
  );
  app.post(
    '/p/:handle/:slug/:route_key/view',
    { schema: { params: AudiencePath }, bodyLimit: 8192 },
    async (request, reply) =>
      beaconView(deps, address(request.params), beaconFields(request.body), request, reply),
  );
  app.get(
    '/p/:handle/_preview/:version_id',
    {
      schema: {
        params: Type.Object({ handle: Name, version_id: Name }),
        querystring: Type.Object({
          expires: Type.Optional(Type.String({ maxLength: 20 })),
          signature: Type.Optional(Type.String({ maxLength: 100 })),
        }),
      },
    },
    async (request, reply) =>
      servePreview(deps, request.params.handle, request.params.version_id, request.query, request, reply),
  );
  robotsTxtRoute(app);
  return { mappedHost: mappedHostHandler(deps, limiter), lane };
}
