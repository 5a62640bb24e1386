import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { docsRoute } from './docs/docs.route.js';
import { accountsRoutes } from './features/accounts/index.js';
import { adminRoutes } from './features/admin/index.js';
import { assetsRoutes } from './features/assets/index.js';
import { audiencesRoutes } from './features/audiences/index.js';
import { pagesRoutes } from './features/pages/index.js';
import { personLogsRoutes } from './features/person-logs/index.js';
import { personsRoutes } from './features/persons/index.js';
import { topicsRoutes } from './features/topics/index.js';
import type { App } from './http/app-types.js';
import { registerApiKeyAuth } from './http/auth.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerHealthRoutes } from './http/health.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerOpenApi } from './http/openapi.js';
import { createRateLimiter, registerRateLimit } from './http/rate-limit.js';
import { requestIdFor } from './http/request-id.js';
import { QuireLogController } from './http/request-logging.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { validatorCompiler } from './http/validation.js';

/**
 * Log lines to stdout are buffered (flushed every 4 KiB, every second, and at shutdown): one
 * write system call per request was a visible share of the request cost in the profile. A crash
 * can lose the last few lines, never a write to the database.
 */
const stdoutLog = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const flushTimer = setInterval(() => stdoutLog.flush(), 1000);
flushTimer.unref();
process.once('exit', () => stdoutLog.flushSync());

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where JSON log lines go (stdout by default); `false` turns logging off (tests). */
  logger?: false | { write(line: string): void };
}

/** Builds the whole HTTP application without listening: the server, the CLI and the tests share it. */
export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
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
              ],
              censor: '[redacted]',
            },
            stream: logger ?? stdoutLog,
          },
    logController: new QuireLogController(),
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    // Slow clients cannot hold connections: whole request 30 s, headers 10 s, idle keep-alive 5 s.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    http: { headersTimeout: 10_000 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  // Only JSON bodies are accepted: anything else is a 415.
  app.removeContentTypeParser(['text/plain']);
  registerJsonBodyParser(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await registerOpenApi(app);
  registerHealthRoutes(app, database.db);

  app.get('/v0/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  docsRoute(app);

  await app.register(async (v0) => {
    const scope = v0 as unknown as App;
    const limiter = createRateLimiter(scope, {
      perSecond: config.rateLimitPerSecond,
      burst: config.rateLimitBurst,
      redisUrl: config.redisUrl,
    });
    registerApiKeyAuth(scope, database.db, config.apiKeyCacheTtlMs, limiter);
    registerRateLimit(scope, limiter);
    personsRoutes(scope);
    pagesRoutes(scope);
    audiencesRoutes(scope);
    assetsRoutes(scope);
    topicsRoutes(scope);
    accountsRoutes(scope);
    personLogsRoutes(scope);
  });

  if (config.adminToken !== null) {
    await app.register(async (admin) => adminRoutes(admin as unknown as App, config.adminToken!), {
      prefix: '/admin/v0',
    });
  }

  return app;
}
