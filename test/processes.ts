import {
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
  execFile,
  type SpawnOptions,
  type SpawnOptionsWithoutStdio,
  spawn,
} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { promisify } from 'node:util';
import { OwnPostgresDatabase } from './own-postgres-database.js';

/** Helpers for tests that run Quire as real processes: the `quire` CLI and `quire serve`. */
const run = promisify(execFile);
export const QUIRE = path.resolve('bin/quire.mjs');

/**
 * Every `quire` process a test file starts, until it exits. A test that fails between starting one
 * and registering its stop (a timeout while `quire serve` starts, say) left it running, and its
 * pipes kept the test file's process alive for good: the whole run waited on it. When the file ends
 * (a top-level `after` is the file's own), whatever still runs is killed.
 */
const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `quire <args>` as its own process, killed at the end of the test file if still running. */
export function spawnQuire(args: string[], options: SpawnOptionsWithoutStdio): ChildProcessWithoutNullStreams;
export function spawnQuire(args: string[], options: SpawnOptions): ChildProcess;
export function spawnQuire(args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(process.execPath, [QUIRE, ...args], options);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** The environment of a process against a fresh data directory or the test PostgreSQL database. */
export function envFor(dialect: string): NodeJS.ProcessEnv {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-'));
  // Without HOSTED_PAGES_SECRET: processes of one database share the instance's own secret.
  const { QUIRE_TEST_PG_URL, DATABASE_URL, HOSTED_PAGES_SECRET, ...rest } = process.env;
  return {
    ...rest,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // As in test/harness.ts (TEST_PG_POOL_TIMEOUT_MS): a loaded machine is not a failure.
    PG_POOL_TIMEOUT_MS: rest.PG_POOL_TIMEOUT_MS ?? '30000',
    ...(dialect === 'postgres' ? { DATABASE_URL: QUIRE_TEST_PG_URL } : {}),
  };
}

/**
 * Like envFor, but on PostgreSQL with a database of its own, dropped by `drop`. For processes that
 * run a worker: a worker takes the queued versions of every tenant in its database, so on the shared
 * test database it drafted other test files' versions behind their backs (the fuzz test saw its
 * seed tenant change while it checked that a rejected request wrote nothing).
 */
export async function isolatedEnvFor(
  dialect: string,
): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const env = envFor(dialect);
  if (dialect !== 'postgres') return { env, drop: async () => {} };
  const own = await OwnPostgresDatabase.create(process.env.QUIRE_TEST_PG_URL!);
  return { env: { ...env, DATABASE_URL: own.url }, drop: () => own.drop() };
}

export async function quire(env: NodeJS.ProcessEnv, ...args: string[]) {
  return run(process.execPath, [QUIRE, ...args], { env });
}

/**
 * Starts `quire serve` on a free port and resolves with its base URL. Without a worker unless
 * `env.WORKERS` asks for one (then use isolatedEnvFor: see there why).
 */
export async function serve(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const shared = process.env.QUIRE_TEST_PG_URL;
  if ((env.WORKERS ?? '0') !== '0' && shared !== undefined && env.DATABASE_URL === shared)
    throw new Error('a server with a worker needs its own database (isolatedEnvFor), not the shared one');
  const child = spawnQuire(['serve'], {
    env: { ...env, WORKERS: env.WORKERS ?? '0', PORT: '0', LOG_LEVEL: 'info' },
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Quire is serving (http:\/\/[^"\s]+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) => reject(new Error(`quire serve exited with ${code}: ${out}`)));
  });
  return { child, base };
}

/**
 * Sends SIGTERM and resolves with the exit code (at once if it has exited already: waiting for an
 * 'exit' that came before hung the test's clean-up). A process still running 30 s later is killed.
 */
export function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return exited.finally(() => clearTimeout(killer));
}
