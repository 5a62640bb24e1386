import path from 'node:path';
import { AGENT_KINDS, type AgentOptions } from './agent/agent-options.js';

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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Enables the admin API under /admin/v0 when set. */
  adminToken: string | null;
  /** How long a verified (or rejected) API key is remembered; a revoked key may work this long. */
  apiKeyCacheTtlMs: number;
  bodyLimitBytes: number;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  redisUrl: string | null;
  publicFileBaseUrl: string | null;
  /** Run version workers inside the API process. */
  inProcessWorkers: number;
  /** How long a worker's claim on a version lasts without renewal (renewed every third of it). */
  workerLeaseMs: number;
  /** How often an idle worker looks for queued versions. */
  workerPollMs: number;
  agent: AgentConfig;
  shutdownTimeoutMs: number;
}

export type AgentConfig = AgentOptions;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
    timeoutMs: reader.integer('AGENT_TIMEOUT_MS', 30_000, 100, 600_000),
    maxAttempts: reader.integer('AGENT_MAX_ATTEMPTS', 3, 1, 20),
  };
  if (agent.kind === 'openai' && (agent.openaiBaseUrl === null || agent.openaiModel === null)) {
    problems.push('AGENT=openai needs OPENAI_BASE_URL and OPENAI_MODEL');
  }

  const config: Config = {
    port: reader.integer('PORT', 3000, 0, 65535),
    host: reader.string('HOST', '127.0.0.1'),
    dataDir: path.resolve(reader.string('DATA_DIR', './data')),
    databaseUrl,
    sqliteSynchronous: reader.oneOf('SQLITE_SYNCHRONOUS', ['normal', 'full'] as const, 'full'),
    logLevel: reader.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    adminToken: reader.optionalString('ADMIN_TOKEN'),
    apiKeyCacheTtlMs: reader.integer('API_KEY_CACHE_TTL_MS', 10_000, 0, 300_000),
    bodyLimitBytes: reader.integer('BODY_LIMIT_BYTES', 1_048_576, 1024, 64 * 1_048_576),
    rateLimitPerSecond: reader.integer('RATE_LIMIT_PER_SECOND', 100, 0, 1_000_000),
    rateLimitBurst: reader.integer('RATE_LIMIT_BURST', 200, 0, 10_000_000),
    redisUrl: reader.optionalUrl('REDIS_URL'),
    publicFileBaseUrl: reader.optionalUrl('PUBLIC_FILE_BASE_URL'),
    inProcessWorkers: reader.integer('WORKERS', 1, 0, 64),
    workerLeaseMs: reader.integer('WORKER_LEASE_MS', 15_000, 300, 3_600_000),
    workerPollMs: reader.integer('WORKER_POLL_MS', 200, 10, 60_000),
    agent,
    shutdownTimeoutMs: reader.integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
  };
  if (config.adminToken !== null && config.adminToken.length < 16) {
    problems.push('ADMIN_TOKEN must be at least 16 characters long');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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

  optionalUrl(name: string): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    if (!URL.canParse(value)) {
      this.problems.push(`${name} must be an absolute URL, got "${value}"`);
      return null;
    }
    return value;
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
