import packageJson from '../package.json' with { type: 'json' };
import type { Config } from './config.js';
import type { Dialect } from './db/database.js';

export const QUIRE_VERSION: string = packageJson.version;

export interface StartupFacts {
  version: string;
  url: string;
  database: { dialect: Dialect; url: string };
  workersInProcess: number;
  /** They run on a worker thread of the server (WORKERS_THREAD), not on its event loop. */
  workersThread: boolean;
  /** Whether the ADMIN_TOKEN bearer is accepted; the operator API itself always serves console sessions. */
  adminApi: boolean;
  consoleUrl: string;
  docsUrl: string;
  metricsUrl: string;
  tracing: boolean;
}

/** What the server says once it listens: the JSON log line's fields (and the human line's facts). */
export function startupFacts(config: Config, dialect: Dialect, location: string, url: string): StartupFacts {
  return {
    version: QUIRE_VERSION,
    url,
    database: {
      dialect,
      url: config.databaseUrl === null ? `sqlite:${location}` : withoutPassword(config.databaseUrl),
    },
    workersInProcess: config.inProcessWorkers,
    workersThread: config.inProcessWorkers > 0 && config.workersThread,
    adminApi: config.adminToken !== null,
    consoleUrl: `${url}/console`,
    docsUrl: `${url}/docs`,
    metricsUrl: `${url}/metrics`,
    tracing: config.observability.otlpEndpoint !== null,
  };
}

/** One line for a person reading the terminal (the JSON log line carries the same facts). */
export function humanBanner(facts: StartupFacts): string {
  const workers =
    facts.workersInProcess === 0
      ? 'no workers in process (run `quire worker`)'
      : `${facts.workersInProcess} worker${facts.workersInProcess === 1 ? '' : 's'} in process${facts.workersThread ? ' (own thread)' : ''}`;
  return [
    `Quire ${facts.version} is serving ${facts.url}`,
    `database ${facts.database.url}`,
    workers,
    `admin token ${facts.adminApi ? 'on' : 'off (set ADMIN_TOKEN for scripts)'}`,
    `console ${facts.consoleUrl}`,
    `docs ${facts.docsUrl}`,
  ].join(' · ');
}

/** A database URL fit for logs: the password (and any password parameter) removed. */
export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  for (const name of [...url.searchParams.keys()]) {
    if (/pass/i.test(name)) url.searchParams.set(name, 'redacted');
  }
  return url.toString();
}
