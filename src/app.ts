import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { backgroundShare } from './background-share.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { withInstanceSecrets } from './db/instance-secrets.js';
import { docsRoute } from './docs/docs.route.js';
import { parseScopes } from './domain/scopes.js';
import { accountsRoutes } from './features/accounts/index.js';
import { accountLogsRoutes, personLogsRoutes } from './features/activity/index.js';
import { adminRoutes } from './features/admin/index.js';
import { registerAdminOpenApi } from './features/admin/openapi.js';
import { assetsRoutes } from './features/assets/index.js';
import { audiencesRoutes } from './features/audiences/index.js';
import { apiKeyActor, registerWriteAudit } from './features/audit/record-writes.js';
import { consoleRoutes } from './features/console-app/console.route.js';
import { eventsRoutes } from './features/event-stream/index.js';
import { experimentsRoutes } from './features/experiments/index.js';
import { useFileBase } from './features/files/file-urls.js';
import { serveFileRoutes } from './features/files/index.js';
import { formsRoutes } from './features/forms/index.js';
import { hostedRoutes } from './features/hosted/index.js';
import { installPageLane, type PageLane } from './features/hosted/page-lane.js';
import { acceptBearerApiKey, MCP_PATH, mcpRoutes } from './features/mcp/index.js';
import { registerOperability } from './features/ops/index.js';
import { pagesRoutes } from './features/pages/index.js';
import { personsRoutes } from './features/persons/index.js';
import { findLiveKeyByHash } from './features/tenants/api-keys.repository.js';
import { type HostProver, networkHostProver } from './features/tenants/host-proof.js';
import { watchKeyInvalidations } from './features/tenants/key-invalidations.js';
import { keyUsageRecorder } from './features/tenants/key-usage.js';
import { hashApiKey } from './features/tenants/tenants.service.js';
import { topicsRoutes } from './features/topics/index.js';
import { typedScope } from './http/app-types.js';
import { registerApiKeyAuth } from './http/auth.js';
import { limitConnections } from './http/connection-limits.js';
import { registerDrain } from './http/drain.js';
import { type NotFoundFallback, registerErrorHandling } from './http/error-handler.js';
import { registerHealthRoutes } from './http/health.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { lazySerializerFactory } from './http/lazy-serializers.js';
import {
  MAX_HEADER_BYTES,
  MAX_PATH_SEGMENT,
  registerMalformedUrlRoute,
  rewriteMalformedUrl,
} from './http/malformed-url.js';
import { registerOpenApi } from './http/openapi.js';
import { registerPublicHostGuard } from './http/public-host.js';
import { createRateLimiter, registerRateLimit } from './http/rate-limit.js';
import { requestIdFor } from './http/request-id.js';
import { QuireLogController } from './http/request-logging.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerTenantConcurrency } from './http/tenant-concurrency.js';
import { validatorCompiler } from './http/validation.js';
import type { Tracing } from './tracing/load.js';

export interface AppDeps {
  config: Config;
  /** Migrated (migrateToLatest): the app reads the instance's shared secrets from it at start. */
  database: Database;
  /**
   * Where JSON log lines go (the server passes its buffered stdout, see server.ts); `false` turns
   * logging off (tests, scripts).
   */
  logger: false | { write(line: string): void };
  /** Request spans when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/tracing/load.ts). */
  tracing?: Pick<Tracing, 'registerHttp'> | null;
  /** How custom hosts are proven (DNS and HTTP by default; tests give their own). */
  hostProver?: HostProver;
}

/** Builds the whole HTTP application without listening: the server, the CLI and the tests share it. */
export async function buildApp({
  config,
  database,
  logger,
  tracing,
  hostProver,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the logs, whatever a future serializer decides to include.
            redact: {
              paths: [
                'req.headers["x-api-key"]',
                'req.headers.authorization',
                'headers["x-api-key"]',
                'headers.authorization',
                'req.headers.cookie',
                'headers.cookie',
                'req.headers["x-csrf-token"]',
              ],
              censor: '[redacted]',
            },
            stream: logger,
          },
    logController: new QuireLogController(),
    genReqId: requestIdFor,
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    requestIdHeader: false,
    rewriteUrl: rewriteMalformedUrl,
    // Above the segment bound of malformed-url.ts, so the router's own raw 414 never answers.
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT + 1 },
    bodyLimit: config.bodyLimitBytes,
    // Slow clients cannot hold connections: whole request 30 s, headers 10 s, idle keep-alive 5 s.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: config.headersTimeoutMs,
      // Node checks both timeouts on this tick (30 s by default, so a 10 s limit held up to 40 s).
      connectionsCheckingInterval: connectionsCheckingInterval(config),
    },
    return503OnClosing: true,
    trustProxy: config.console.trustProxy,
    forceCloseConnections: 'idle',
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }).withTypeProvider<TypeBoxTypeProvider>();

  limitConnections(
    app.server,
    { total: config.maxConnections, perAddress: config.maxConnectionsPerIp },
    app.log,
  );
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  // HOSTED_PAGES_SECRET, else the secret every process of this database shares.
  app.decorate('config', await withInstanceSecrets(database.db, config));
  app.decorate('hostProver', hostProver ?? networkHostProver(config.events.webhooks));
  app.setValidatorCompiler(validatorCompiler);
  // Only JSON bodies are accepted: anything else is a 415.
  app.removeContentTypeParser(['text/plain']);
  registerJsonBodyParser(app);
  // A tenant's own host serves its hosted pages through the not-found handler (set once hosted is registered).
  let mappedHost: NotFoundFallback | null = null;
  let lane: PageLane | null = null;
  registerErrorHandling(app, async (request, reply) =>
    mappedHost === null ? false : mappedHost(request, reply),
  );
  registerSecurityHeaders(app);
  registerPublicHostGuard(app, config);
  registerDrain(app);
  // Background work (imports, drafts) takes only its share of the loop while requests come in.
  app.addHook('onRequest', (_request, _reply, done) => {
    backgroundShare.noteRequest();
    done();
  });
  tracing?.registerHttp(app);
  registerOperability(app, database);
  await registerOpenApi(app);
  await registerAdminOpenApi(app);
  registerHealthRoutes(app, database);
  registerMalformedUrlRoute(app);

  app.get('/v0/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  docsRoute(app);

  await app.register(
    typedScope(async (scope) => {
      const limiter = createRateLimiter(scope, {
        perSecond: config.rateLimitPerSecond,
        burst: config.rateLimitBurst,
        redisUrl: config.redisUrl,
        redisTimeoutMs: config.redisTimeoutMs,
      });
      acceptBearerApiKey(scope, [MCP_PATH]);
      const keyCache = registerApiKeyAuth(scope, {
        hashKey: hashApiKey,
        findKey: async (keyHash) => {
          const row = await findLiveKeyByHash(database.db, keyHash);
          return row && { tenantId: row.tenant_id, keyId: row.id, scopes: parseScopes(row.scopes) };
        },
        onKeyUsed: keyUsageRecorder(database.db),
        ttlMs: config.apiKeyCacheTtlMs,
        failureBurst: config.authFailureBurst,
        limiter,
      });
      // A deleted tenant's keys and a revoked key stop working at once here, and within
      // milliseconds (PostgreSQL) or API_KEY_REVOCATION_POLL_MS (SQLite) when another process
      // revoked them, not when their cached verdicts expire.
      const stopForgetting = watchKeyInvalidations(database.db, keyCache, {
        listen: config.events.listen,
        pollMs: config.apiKeyRevocationPollMs,
        onError: (error) => scope.log.warn({ err: error }, 'checking the cached API keys failed'),
      });
      scope.addHook('onClose', async () => stopForgetting());
      registerRateLimit(scope, limiter);
      registerTenantConcurrency(scope, config.tenantConcurrency);
      registerMalformedUrlRoute(scope, '/v0');
      // Every successful write made with an API key lands in the tenant's audit log.
      registerWriteAudit(scope, async (request) => {
        const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)
          ?.operationId;
        if (operationId === undefined || !request.apiKeyId) return null;
        return { actor: await apiKeyActor(scope, request), action: `v0.${operationId}`, withBody: false };
      });
      personsRoutes(scope);
      pagesRoutes(scope);
      formsRoutes(scope);
      experimentsRoutes(scope);
      audiencesRoutes(scope);
      assetsRoutes(scope);
      topicsRoutes(scope);
      accountLogsRoutes(scope);
      accountsRoutes(scope);
      personLogsRoutes(scope);
      eventsRoutes(scope);
      // The MCP server: same keys, limits and tenancy; its tools call the routes above.
      mcpRoutes(scope);
    }),
  );

  // Public hosted pages (docs/hosted-pages.md): no API key, their own per-address rate limit.
  await app.register(
    typedScope(async (hosted) => {
      const routes = hostedRoutes(hosted, { lane: !tracing });
      mappedHost = routes.mappedHost;
      lane = routes.lane;
    }),
  );
  // Cached hosted pages answered before Fastify's routing (docs/hosted-pages.md, "The fast lane").
  if (lane !== null) installPageLane(app.server, lane);

  // Uploaded files, served publicly at /files/ (docs/files-and-brands.md).
  useFileBase(config.publicFileBaseUrl, config.publicBaseUrl);
  await app.register(typedScope(async (files) => serveFileRoutes(files)));

  // The operator console's single-page app (docs/console.md); it talks only to /admin/v0.
  await app.register(typedScope(async (consoleScope) => consoleRoutes(consoleScope)));

  // Always there: the console signs in with sessions; the bearer works only when ADMIN_TOKEN is set.
  await app.register(
    typedScope(async (admin) => adminRoutes(admin)),
    { prefix: '/admin/v0' },
  );

  return app;
}

/** Often enough that the header and request timeouts hold within a second (or a tenth of them). */
function connectionsCheckingInterval(config: Config): number {
  return Math.max(100, Math.min(1000, Math.floor(config.headersTimeoutMs / 10)));
}
