import net from 'node:net';
import path from 'node:path';
import { AGENT_KINDS, AGENT_OUTPUTS, type AgentOptions } from './agent/agent-options.js';
import { parseSecretKeys, type SecretKey } from './secrets/secret-box.js';

/**
 * Configuration is read from the environment once, at start, checked, and passed in.
 * Nothing else in the code reads process.env (the test harness builds its own Config).
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://...` selects PostgreSQL; unset means the embedded SQLite file in dataDir. */
  databaseUrl: string | null;
  /** SQLite durability: `normal` survives process crashes, `full` also power loss (src/db/database.ts). */
  sqliteSynchronous: 'normal' | 'full';
  /**
   * Where a serving process checkpoints SQLite's WAL: on a thread of its own (`thread`), or inside
   * the COMMIT that fills it, on the event loop (`commit`, SQLite's own way; src/db/wal-checkpointer.ts).
   */
  sqliteCheckpoint: 'thread' | 'commit';
  /** How long anything waits for the database before the request answers 503 (src/db/database.ts). */
  databaseWaits: DatabaseWaits;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Enables the admin API under /admin/v0 when set. */
  adminToken: string | null;
  /** How long a verified (or rejected) API key is remembered; a revoked key may work this long. */
  apiKeyCacheTtlMs: number;
  /**
   * How often a server process checks that the keys it has cached are still live, so a key revoked
   * by another process stops working within this long: always on SQLite, on PostgreSQL only while
   * its LISTEN connection is down (NOTIFY tells it at once otherwise). 0: never (the TTL bounds it).
   */
  apiKeyRevocationPollMs: number;
  /** Unknown API keys one address may send at once before it gets 429 without a lookup (then 1/s). */
  authFailureBurst: number;
  bodyLimitBytes: number;
  /** A client must send its headers within this long, and the whole request within requestTimeoutMs. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** Open connections in total and per client address; 0 is no limit (src/http/connection-limits.ts). */
  maxConnections: number;
  maxConnectionsPerIp: number;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /** Requests of one tenant worked on at once in this process; 0 is no limit (src/http/tenant-concurrency.ts). */
  tenantConcurrency: number;
  /** Milliseconds of asset-search work per second one tenant may use; 0 is no limit (src/http/cost-budget.ts). */
  searchMsPerSecond: number;
  redisUrl: string | null;
  redisTimeoutMs: number;
  /**
   * PUBLIC_FILE_BASE_URL: where file URLs point (a CDN in front of Quire's /files/, same layout).
   * Null: Quire serves files itself under `${publicBaseUrl}/files/` (docs/files-and-brands.md).
   */
  publicFileBaseUrl: string | null;
  files: FilesConfig;
  /** Hosted pages (docs/hosted-pages.md): the absolute base of public URLs; default http://HOST:PORT. */
  publicBaseUrl: string;
  /** True when PUBLIC_BASE_URL set it; false when it is this process's own HOST:PORT (the CLI then looks further). */
  publicBaseUrlSet: boolean;
  /**
   * The origin operators open the console on, when it is not PUBLIC_BASE_URL's (the recommended
   * deployment, docs/security.md): the console and /admin/v0 are then refused on the public host.
   * Null: one origin serves both (the embedded default, hosted pages sandboxed).
   */
  consoleBaseUrl: string | null;
  /**
   * Signs preview links and salts visitor hashes. Null (HOSTED_PAGES_SECRET unset): the instance's
   * own secret, made once and kept in the database so every process shares it; an app or a CLI
   * command reads it at start (withInstanceSecrets, src/db/instance-secrets.ts).
   */
  hostedPagesSecret: string | null;
  /**
   * QUIRE_SECRET_KEYS: the keys that encrypt stored secrets (webhook signing secrets, the
   * instance's secrets), the current one first (src/secrets/secret-box.ts, docs/security.md).
   * Empty: they are stored in clear, with a warning at start.
   */
  secretKeys: SecretKey[];
  /** Requests per second (and burst) one address may make to the public /p/ endpoints. */
  hostedRateLimitPerSecond: number;
  hostedRateLimitBurst: number;
  /** How long a preview link works, in seconds. */
  previewLinkTtlSeconds: number;
  /**
   * The longest a preview link may work, in seconds (PREVIEW_LINK_MAX_TTL_SECONDS, 30 days): a
   * request for a longer one is refused, and a link whose expiry is further away is not honoured.
   */
  previewLinkMaxTtlSeconds: number;
  /** Forms on hosted pages (docs/forms.md): submissions per minute per address and per form. */
  formRateLimitPerAddress: number;
  formRateLimitPerForm: number;
  /** A form sent sooner than this after its page was rendered is refused (a person takes longer). */
  formMinFillMs: number;
  /** How long a rendered form's token is accepted. */
  formTokenTtlMs: number;
  /** Run version workers inside the API process. */
  inProcessWorkers: number;
  /**
   * Run the in-process workers (and the imports the API starts) on a worker thread with a database
   * connection of their own, not on the requests' event loop (src/worker/worker-thread.ts). On by
   * default on SQLite, whose statements and commits are synchronous.
   */
  workersThread: boolean;
  /** How long a worker's claim on a version lasts without renewal (renewed every third of it). */
  workerLeaseMs: number;
  /** How often an idle worker looks for queued versions. */
  workerPollMs: number;
  /**
   * Versions of one tenant a worker claims at once when its agent runs in the process (the built-in
   * agent: no model to wait for); their drafts are written in one transaction. A model agent: one.
   */
  workerBatchSize: number;
  /**
   * The share of the event loop background work (an import's rows, the built-in agent's drafts)
   * takes while requests are being answered, 0.05–1; 1 is no pacing (src/background-share.ts).
   */
  backgroundShare: number;
  /**
   * `idle`: the workers' thread and V8's helper threads on Linux's SCHED_IDLE policy, so a waking
   * request takes a core from them at once; for a machine the service has to itself, since there
   * they run only on cores nothing else wants (src/thread-priority.ts). `nice`: the workers'
   * thread at niceness 10 only. `auto` (the default): `idle` where the process has a CPU cgroup
   * to itself (src/cpu-group.ts), else `nice`.
   */
  backgroundPriority: 'auto' | 'nice' | 'idle';
  agent: AgentConfig;
  shutdownTimeoutMs: number;
  observability: ObservabilityConfig;
  console: ConsoleConfig;
  events: EventsConfig;
}

/** Uploaded files and their storage (docs/files-and-brands.md). */
export interface FilesConfig {
  /** `local`: under DATA_DIR/files (one node); `s3`: an S3-compatible bucket (several nodes). */
  storage: 'local' | 's3';
  s3: S3Config | null;
  /** Largest upload, in bytes. */
  maxUploadBytes: number;
  /** Largest image, in pixels (width × height), checked from the header before anything is decoded. */
  maxPixels: number;
  /** Bytes one tenant may store (its files and their variants); 0 is no limit. */
  tenantQuotaBytes: number;
}

export interface S3Config {
  /** The service's base URL, e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO/R2 endpoint. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every object key (one bucket shared by several installations). */
  prefix: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; most non-AWS servers want it. */
  forcePathStyle: boolean;
}

/** The event stream and the webhook deliveries (docs/events.md). */
export interface EventsConfig {
  /** How often the stream and the workers look for new events. */
  pollMs: number;
  /**
   * PostgreSQL: wake the stream, the event pumps and the version workers at once with
   * LISTEN/NOTIFY (src/db/wakeups.ts); polling stays as the fallback. Off: polling only.
   */
  listen: boolean;
  /** A comment line on every open stream this often, so proxies and clients see it alive. */
  heartbeatMs: number;
  /** How often an open stream asks whether its key or session still grants it. */
  accessCheckMs: number;
  /** Open streams of one tenant per process. */
  maxStreamsPerTenant: number;
  /** Events are kept this long (stream resume, replays), in hours. */
  retentionHours: number;
  webhooks: WebhooksConfig;
}

export interface WebhooksConfig {
  /** Deliveries in flight at once per worker process. */
  concurrency: number;
  /** Longest wait for a receiver's answer, per attempt. */
  timeoutMs: number;
  /** The first retry's delay; each next one is three times longer (capped at 6 h), with jitter. */
  retryBaseMs: number;
  /** Attempts of one delivery before it is marked failed. */
  maxAttempts: number;
  /** An endpoint whose attempts all failed for this long is disabled; 0 never disables. */
  disableAfterMs: number;
  /** Deliveries may go to private, loopback and link-local addresses (a receiver in your own network). */
  allowPrivateNetworks: boolean;
  /** `http://localhost` (and 127.0.0.1, [::1]) endpoint URLs are accepted: development and tests. */
  allowHttpLocalhost: boolean;
  /** Finished deliveries and their attempts are kept this long, in days. */
  logRetentionDays: number;
}

/** The operator console's sessions (docs/console.md). */
export interface ConsoleConfig {
  /** A session unused this long ends. */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, however busy. */
  sessionMaxMs: number;
  /**
   * Fastify's trustProxy: false (default), true, or a list of proxy addresses/CIDRs. Behind a
   * TLS-terminating proxy it makes X-Forwarded-Proto/-For count, so the cookie is Secure and
   * limits see the client's address.
   */
  trustProxy: boolean | string;
}

/** A Config with the instance's secrets read from the database: what an app and a CLI command run with. */
export type InstanceConfig = Config & { hostedPagesSecret: string };

/** GET /metrics, the stalled-queue status and OpenTelemetry traces (docs/operations.md). */
export interface ObservabilityConfig {
  /** METRICS=off: no /metrics route and no per-request metric hooks (the benchmark measures their cost). */
  metricsEnabled: boolean;
  /** When set, /metrics wants `Authorization: Bearer <token>`; unset, it answers loopback clients only. */
  metricsToken: string | null;
  /** Versions waiting this long with no worker claiming anything make the queue "stalled". */
  queueStallMs: number;
  /** OTLP/HTTP endpoint; traces are off (and the SDK never loaded) when it is unset. */
  otlpEndpoint: string | null;
  serviceName: string;
}

/** The page agent, and the limits the version workers put on each tenant's use of it (issue 33). */
export type AgentConfig = AgentOptions & AgentLimitsConfig;

export interface AgentLimitsConfig {
  /**
   * Tokens (in and out) and cost (USD) a tenant's agent runs may use per UTC day; null: no limit.
   * A version asked for past either is cancelled with a reply saying so.
   */
  dailyTokenBudget: number | null;
  dailyCostBudgetUsd: number | null;
  /** Per-tenant daily token budgets that replace dailyTokenBudget (AGENT_TENANT_DAILY_TOKEN_BUDGETS). */
  tenantDailyTokenBudgets: Record<string, number>;
  /**
   * Workers that may work on one tenant's versions at once, across all processes (0: no limit): one
   * agent run each, or with the built-in agent one batch each (WORKER_BATCH).
   */
  tenantConcurrency: number;
}

export interface DatabaseWaits {
  /** Connections in the PostgreSQL pool of the server. */
  pgPoolSize: number;
  /** Longest wait for a free pool connection (or a new connection). */
  pgPoolTimeoutMs: number;
  /** Longest run of one PostgreSQL statement. */
  pgStatementTimeoutMs: number;
  /** Longest wait of one PostgreSQL statement for a row or table lock. */
  pgLockTimeoutMs: number;
  /** SQLite's own (blocking) wait for another process's write lock, per attempt. */
  sqliteBusyTimeoutMs: number;
  /** Total time a SQLite write keeps retrying, without blocking, while another process writes. */
  sqliteBusyRetryMs: number;
}

/**
 * Every wait is bounded well inside the 30 s request timeout, so a stuck database answers 503
 * instead of holding connections. The SQLite busy timeout blocks the event loop while it lasts,
 * hence a few milliseconds per attempt and the rest of the wait asynchronous.
 */
export const DEFAULT_WAITS: DatabaseWaits = {
  pgPoolSize: 10,
  pgPoolTimeoutMs: 3_000,
  pgStatementTimeoutMs: 15_000,
  pgLockTimeoutMs: 3_000,
  sqliteBusyTimeoutMs: 20,
  sqliteBusyRetryMs: 5_000,
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Whether a failure may print its stack trace: QUIRE_DEBUG=1 or LOG_LEVEL debug or trace. Read on
 * its own (not through loadConfig) because it also decides how a bad configuration is reported.
 */
export function debugRequested(env: Env = process.env): boolean {
  return env.QUIRE_DEBUG === '1' || env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

/** Reads and checks the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const reader = new EnvReader(env, problems);

  const databaseUrl = reader.optionalString('DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must start with postgres:// or postgresql:// (unset it for the embedded SQLite)',
    );
  }
  const agentKind = reader.oneOf('AGENT', AGENT_KINDS, 'builtin');
  const agent: AgentConfig = {
    kind: agentKind,
    openaiBaseUrl: reader.optionalUrl('OPENAI_BASE_URL'),
    openaiApiKey: reader.optionalString('OPENAI_API_KEY'),
    openaiModel: reader.optionalString('OPENAI_MODEL'),
    output: reader.oneOf('AGENT_OUTPUT', AGENT_OUTPUTS, 'json_schema'),
    timeoutMs: reader.integer('AGENT_TIMEOUT_MS', 30_000, 100, 600_000),
    maxAttempts: reader.integer('AGENT_MAX_ATTEMPTS', 3, 1, 20),
    priceInputPerMTok: reader.optionalPrice('AGENT_PRICE_INPUT'),
    priceOutputPerMTok: reader.optionalPrice('AGENT_PRICE_OUTPUT'),
    dailyTokenBudget: reader.optionalInteger('AGENT_DAILY_TOKEN_BUDGET'),
    dailyCostBudgetUsd: reader.optionalPrice('AGENT_DAILY_COST_BUDGET_USD', 'USD'),
    tenantDailyTokenBudgets: reader.tenantIntegers('AGENT_TENANT_DAILY_TOKEN_BUDGETS'),
    tenantConcurrency: reader.integer('AGENT_TENANT_CONCURRENCY', 2, 0, 1000),
  };
  if (agent.kind === 'openai' && (agent.openaiBaseUrl === null || agent.openaiModel === null)) {
    problems.push('AGENT=openai needs OPENAI_BASE_URL and OPENAI_MODEL');
  }

  const previewLinkMaxTtlSeconds = reader.integer(
    'PREVIEW_LINK_MAX_TTL_SECONDS',
    30 * 86_400,
    60,
    365 * 86_400,
  );
  const config: Config = {
    port: reader.integer('PORT', 3000, 0, 65535),
    host: reader.string('HOST', '127.0.0.1'),
    dataDir: path.resolve(reader.string('DATA_DIR', './data')),
    databaseUrl,
    sqliteSynchronous: reader.oneOf('SQLITE_SYNCHRONOUS', ['normal', 'full'] as const, 'full'),
    sqliteCheckpoint: reader.oneOf('SQLITE_CHECKPOINT', ['thread', 'commit'] as const, 'thread'),
    databaseWaits: {
      pgPoolSize: reader.integer('PG_POOL_SIZE', DEFAULT_WAITS.pgPoolSize, 1, 1000),
      pgPoolTimeoutMs: reader.integer('PG_POOL_TIMEOUT_MS', DEFAULT_WAITS.pgPoolTimeoutMs, 10, 600_000),
      pgStatementTimeoutMs: reader.integer(
        'PG_STATEMENT_TIMEOUT_MS',
        DEFAULT_WAITS.pgStatementTimeoutMs,
        10,
        3_600_000,
      ),
      pgLockTimeoutMs: reader.integer('PG_LOCK_TIMEOUT_MS', DEFAULT_WAITS.pgLockTimeoutMs, 10, 3_600_000),
      sqliteBusyTimeoutMs: reader.integer(
        'SQLITE_BUSY_TIMEOUT_MS',
        DEFAULT_WAITS.sqliteBusyTimeoutMs,
        0,
        5_000,
      ),
      sqliteBusyRetryMs: reader.integer('SQLITE_BUSY_RETRY_MS', DEFAULT_WAITS.sqliteBusyRetryMs, 0, 600_000),
    },
    logLevel: reader.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    adminToken: reader.optionalString('ADMIN_TOKEN'),
    apiKeyCacheTtlMs: reader.integer('API_KEY_CACHE_TTL_MS', 10_000, 0, 300_000),
    apiKeyRevocationPollMs: reader.integer('API_KEY_REVOCATION_POLL_MS', 1_000, 0, 300_000),
    authFailureBurst: reader.integer('AUTH_FAILURE_BURST', 30, 0, 1_000_000),
    bodyLimitBytes: reader.integer('BODY_LIMIT_BYTES', 1_048_576, 1024, 64 * 1_048_576),
    headersTimeoutMs: reader.integer('HEADERS_TIMEOUT_MS', 10_000, 500, 600_000),
    requestTimeoutMs: reader.integer('REQUEST_TIMEOUT_MS', 30_000, 500, 3_600_000),
    maxConnections: reader.integer('MAX_CONNECTIONS', 4096, 0, 1_000_000),
    maxConnectionsPerIp: reader.integer('MAX_CONNECTIONS_PER_IP', 256, 0, 1_000_000),
    rateLimitPerSecond: reader.integer('RATE_LIMIT_PER_SECOND', 100, 0, 1_000_000),
    rateLimitBurst: reader.integer('RATE_LIMIT_BURST', 200, 0, 10_000_000),
    tenantConcurrency: reader.integer('TENANT_CONCURRENCY', 8, 0, 100_000),
    searchMsPerSecond: reader.integer('TENANT_SEARCH_MS_PER_SECOND', 250, 0, 1_000_000),
    redisUrl: reader.optionalUrl('REDIS_URL'),
    redisTimeoutMs: reader.integer('REDIS_TIMEOUT_MS', 250, 10, 60_000),
    publicFileBaseUrl: reader.optionalUrl('PUBLIC_FILE_BASE_URL'),
    files: filesConfigOf(reader, problems),
    publicBaseUrl: '',
    publicBaseUrlSet: false,
    consoleBaseUrl: reader.optionalUrl('CONSOLE_BASE_URL')?.replace(/\/+$/, '') ?? null,
    hostedPagesSecret: reader.optionalString('HOSTED_PAGES_SECRET'),
    secretKeys: secretKeysOf(reader.optionalString('QUIRE_SECRET_KEYS'), problems),
    hostedRateLimitPerSecond: reader.integer('HOSTED_RATE_LIMIT_PER_SECOND', 20, 0, 1_000_000),
    hostedRateLimitBurst: reader.integer('HOSTED_RATE_LIMIT_BURST', 60, 0, 10_000_000),
    // A day, or the maximum when that is shorter.
    previewLinkTtlSeconds: reader.integer(
      'PREVIEW_LINK_TTL_SECONDS',
      Math.min(86_400, previewLinkMaxTtlSeconds),
      60,
      365 * 86_400,
    ),
    previewLinkMaxTtlSeconds,
    formRateLimitPerAddress: reader.integer('FORM_RATE_LIMIT_PER_ADDRESS', 10, 0, 1_000_000),
    formRateLimitPerForm: reader.integer('FORM_RATE_LIMIT_PER_FORM', 120, 0, 1_000_000),
    formMinFillMs: reader.integer('FORM_MIN_FILL_SECONDS', 3, 0, 3600) * 1000,
    formTokenTtlMs: reader.integer('FORM_TOKEN_TTL_SECONDS', 7200, 60, 30 * 86_400) * 1000,
    inProcessWorkers: reader.integer('WORKERS', 1, 0, 64),
    workersThread: reader.boolean('WORKERS_THREAD', databaseUrl === null),
    workerLeaseMs: reader.integer('WORKER_LEASE_MS', 15_000, 300, 3_600_000),
    workerPollMs: reader.integer('WORKER_POLL_MS', 200, 10, 60_000),
    workerBatchSize: reader.integer('WORKER_BATCH', 10, 1, 500),
    backgroundShare: reader.integer('BACKGROUND_SHARE_PERCENT', 50, 5, 100) / 100,
    backgroundPriority: reader.oneOf('BACKGROUND_PRIORITY', ['auto', 'nice', 'idle'] as const, 'auto'),
    agent,
    shutdownTimeoutMs: reader.integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    console: {
      sessionIdleMs: reader.integer('CONSOLE_SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60) * 60_000,
      sessionMaxMs: reader.integer('CONSOLE_SESSION_MAX_HOURS', 12, 1, 30 * 24) * 3_600_000,
      trustProxy: trustProxyOf(reader.string('TRUST_PROXY', 'false'), problems),
    },
    observability: {
      metricsEnabled: reader.oneOf('METRICS', ['on', 'off'] as const, 'on') === 'on',
      metricsToken: reader.optionalString('METRICS_TOKEN'),
      queueStallMs: reader.integer('QUEUE_STALL_MS', 300_000, 1_000, 86_400_000),
      otlpEndpoint: reader.optionalUrl('OTEL_EXPORTER_OTLP_ENDPOINT'),
      serviceName: reader.string('OTEL_SERVICE_NAME', 'quire'),
    },
    events: {
      pollMs: reader.integer('EVENTS_POLL_MS', 250, 10, 60_000),
      listen: reader.boolean('EVENTS_LISTEN', true),
      heartbeatMs: reader.integer('EVENTS_HEARTBEAT_MS', 15_000, 100, 300_000),
      accessCheckMs: reader.integer('EVENTS_ACCESS_CHECK_MS', 2_000, 50, 60_000),
      maxStreamsPerTenant: reader.integer('EVENTS_MAX_STREAMS_PER_TENANT', 20, 1, 10_000),
      retentionHours: reader.integer('EVENTS_RETENTION_HOURS', 168, 1, 24 * 366),
      webhooks: {
        concurrency: reader.integer('WEBHOOK_CONCURRENCY', 8, 1, 256),
        timeoutMs: reader.integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
        retryBaseMs: reader.integer('WEBHOOK_RETRY_BASE_MS', 5_000, 10, 3_600_000),
        maxAttempts: reader.integer('WEBHOOK_MAX_ATTEMPTS', 12, 1, 50),
        disableAfterMs: reader.integer('WEBHOOK_DISABLE_AFTER_MS', 5 * 86_400_000, 0, 365 * 86_400_000),
        allowPrivateNetworks: reader.boolean('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
        allowHttpLocalhost: reader.boolean('WEBHOOK_ALLOW_HTTP_LOCALHOST', false),
        logRetentionDays: reader.integer('WEBHOOK_LOG_RETENTION_DAYS', 30, 1, 3650),
      },
    },
  };
  // The server's own address unless told otherwise (0.0.0.0 is not an address a browser can use).
  const ownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const publicBase = reader.optionalUrl('PUBLIC_BASE_URL');
  config.publicBaseUrlSet = publicBase !== null;
  config.publicBaseUrl = (
    publicBase ?? `http://${ownHost.includes(':') ? `[${ownHost}]` : ownHost}:${config.port}`
  ).replace(/\/+$/, '');
  if (config.hostedPagesSecret !== null && config.hostedPagesSecret.length < 32) {
    problems.push(
      'HOSTED_PAGES_SECRET must be at least 32 characters; generate one with: openssl rand -hex 32',
    );
  }
  if (config.previewLinkTtlSeconds > config.previewLinkMaxTtlSeconds) {
    problems.push('PREVIEW_LINK_TTL_SECONDS must not be longer than PREVIEW_LINK_MAX_TTL_SECONDS');
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  }
  const weakness = config.adminToken === null ? null : adminTokenWeakness(config.adminToken);
  if (weakness !== null) problems.push(`ADMIN_TOKEN ${weakness}; generate one with: openssl rand -hex 32`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function secretKeysOf(text: string | null, problems: string[]): SecretKey[] {
  if (text === null) return [];
  const keys = parseSecretKeys(text);
  if (typeof keys === 'string') {
    problems.push(`QUIRE_SECRET_KEYS: ${keys}`);
    return [];
  }
  return keys;
}

function filesConfigOf(reader: EnvReader, problems: string[]): FilesConfig {
  const storage = reader.oneOf('FILE_STORAGE', ['local', 's3'] as const, 'local');
  const files: FilesConfig = {
    storage,
    s3: null,
    maxUploadBytes: reader.integer('FILE_MAX_BYTES', 10 * 1_048_576, 1024, 1024 * 1_048_576),
    maxPixels: reader.integer('FILE_MAX_PIXELS', 50_000_000, 1, 1_000_000_000),
    tenantQuotaBytes: reader.integer('FILE_TENANT_QUOTA_BYTES', 1024 * 1_048_576, 0, Number.MAX_SAFE_INTEGER),
  };
  if (storage === 's3') {
    const endpoint = reader.optionalUrl('S3_ENDPOINT');
    const bucket = reader.optionalString('S3_BUCKET');
    const accessKeyId = reader.optionalString('S3_ACCESS_KEY_ID');
    const secretAccessKey = reader.optionalString('S3_SECRET_ACCESS_KEY');
    if (endpoint === null || bucket === null || accessKeyId === null || secretAccessKey === null) {
      problems.push(
        'FILE_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      );
    } else {
      files.s3 = {
        endpoint: endpoint.replace(/\/+$/, ''),
        region: reader.string('S3_REGION', 'us-east-1'),
        bucket,
        accessKeyId,
        secretAccessKey,
        prefix: reader.string('S3_PREFIX', ''),
        forcePathStyle: reader.boolean('S3_FORCE_PATH_STYLE', true),
      };
    }
  }
  return files;
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like addresses. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: `false`, `true`, or comma-separated proxy addresses/CIDRs (Fastify's trustProxy).
 * A bad entry is reported here, naming the variable, rather than by Fastify at start-up.
 */
function trustProxyOf(value: string, problems: string[]): boolean | string {
  if (value === 'false') return false;
  if (value === 'true') return true;
  const bad = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => !PROXY_RANGES.includes(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be true, false or comma-separated proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); not an address: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    );
  }
  return value;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

/**
 * Why an admin token is too easy to guess, or null. Length alone is not enough (32 times the same
 * letter is long): the token must also carry 90 bits or more by the per-character entropy of its own
 * letters, and must be neither a short pattern repeated nor mostly a run like `abcdef` or `987654`. `openssl rand -hex 32` passes by far.
 */
export function adminTokenWeakness(token: string): string | null {
  if (token.length < 32) return `must be at least 32 characters long (got ${token.length})`;
  const counts = new Map<string, number>();
  for (const char of token) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const p = count / token.length;
    bitsPerChar -= p * Math.log2(p);
  }
  const repeats = /^(.+?)\1+$/s.test(token);
  let stepped = 0;
  for (let i = 1; i < token.length; i++) {
    if (Math.abs(token.charCodeAt(i) - token.charCodeAt(i - 1)) === 1) stepped++;
  }
  if (counts.size < 10 || repeats || stepped * 2 > token.length || bitsPerChar * token.length < 90) {
    return 'is too predictable (too few different characters, a repeated pattern or a run)';
  }
  return null;
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optionalString(name: string): string | null {
    return this.raw(name) ?? null;
  }

  /** A price (a non-negative decimal), or null when unset. */
  optionalPrice(name: string, unit = 'USD per million tokens'): number | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    if (!/^\d+(?:\.\d+)?$/.test(value)) {
      this.problems.push(`${name} must be a non-negative number (${unit}), got "${value}"`);
      return null;
    }
    return Number(value);
  }

  optionalUrl(name: string): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    if (!URL.canParse(value)) {
      this.problems.push(`${name} must be an absolute URL, got "${value}"`);
      return null;
    }
    return value;
  }

  /** A whole number, or null when unset. */
  optionalInteger(name: string): number | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      this.problems.push(`${name} must be a whole number, got "${value}"`);
      return null;
    }
    return Number(value);
  }

  /** `tenant_a=50000,tenant_b=0`: a whole number per tenant id. */
  tenantIntegers(name: string): Record<string, number> {
    const value = this.raw(name);
    const out: Record<string, number> = {};
    if (value === undefined) return out;
    for (const part of value.split(',')) {
      const match = /^\s*([A-Za-z0-9_-]+)\s*=\s*(\d+)\s*$/.exec(part);
      if (match === null || !Number.isSafeInteger(Number(match[2]))) {
        this.problems.push(`${name} must be tenantId=number pairs separated by commas, got "${part.trim()}"`);
        continue;
      }
      out[match[1]!] = Number(match[2]);
    }
    return out;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
      return fallback;
    }
    return Number(value);
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    this.problems.push(`${name} must be true or false, got "${value}"`);
    return fallback;
  }

  oneOf<const T extends readonly string[]>(name: string, allowed: T, fallback: T[number]): T[number] {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!allowed.includes(value)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
      return fallback;
    }
    return value as T[number];
  }
}
