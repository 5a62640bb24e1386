import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Running {
  child: ChildProcess;
  base: string;
  /** Peak resident set size so far, in MB (VmHWM). */
  peakRssMb(): number;
  stop(): Promise<void>;
}

function peakRss(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) =>
      reject(new Error(`${what} exited with ${code} before it was ready:\n${out.slice(-2000)}`)),
    );
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * Starts `quire serve` as production would, logging at the default level straight into a file
 * (not through a pipe to this process, which is busy generating load and would slow the writes).
 */
/**
 * The environment of the measured service, without a database (the caller adds DATA_DIR or
 * DATABASE_URL). Every limit sits above the offered load (one tenant, one address, up to 100
 * connections), so the benchmark measures the work, not the refusals.
 */
export function serviceEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    HOSTED_RATE_LIMIT_PER_SECOND: '1000000',
    HOSTED_RATE_LIMIT_BURST: '1000000',
    TENANT_CONCURRENCY: '1000',
    TENANT_SEARCH_MS_PER_SECOND: '0',
    API_KEY_CACHE_TTL_MS: '10000',
    WORKERS: '0',
  };
  delete env.DATABASE_URL;
  return env;
}

/**
 * The node flags `npm start` gives the service (package.json "config.serveNodeFlags", which
 * scripts/start.mjs reads), so the benchmark runs what production runs.
 */
function startFlags(): string[] {
  const flags = JSON.parse(fs.readFileSync('package.json', 'utf8')).config?.serveNodeFlags;
  if (typeof flags !== 'string') throw new Error('package.json: config.serveNodeFlags is missing');
  return flags.split(' ').filter(Boolean);
}

export async function startQuire(
  env: NodeJS.ProcessEnv,
  logFile: string,
  profileDir?: string,
  nodeFlags: string[] = [],
  build = 'dist/quire.mjs',
): Promise<Running> {
  const fd = fs.openSync(logFile, 'w');
  // With a profile directory, V8 writes a .cpuprofile there when the service exits (SIGTERM).
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  // The production build with the node flags of `npm start`, not the tsx loader: the loader's
  // worker thread alone adds about 45 MB of resident memory.
  const node = [...profile, ...nodeFlags, ...startFlags(), path.resolve(build), 'serve'];
  const child = spawn(process.execPath, node, {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', fd, 'inherit'],
  });
  fs.closeSync(fd);
  let base: string | undefined;
  for (let waited = 0; base === undefined; waited += 100) {
    if (child.exitCode !== null || waited > 60_000)
      throw new Error(`quire serve did not start; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    base = /Quire is serving (http:\/\/[^"\s]+)/.exec(fs.readFileSync(logFile, 'utf8'))?.[1];
  }
  return { child, base, peakRssMb: () => peakRss(child.pid), stop: stopper(child) };
}

/** A helper server of the benchmark (bench/<script>.ts) that prints `listening <port>` when ready. */
async function startScript(script: string, args: string[], what: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('bench', script), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await waitFor(child, /listening (\d+)/, what);
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    peakRssMb: () => peakRss(child.pid),
    stop: stopper(child),
  };
}

/** The bare node:http server answering a JSON body of `body` bytes, or the bytes of the file `body`. */
export function startBareServer(body: number | string): Promise<Running> {
  return startScript('bare-server.ts', [String(body)], 'the bare server');
}

/** The Express 5 peer (peer-express.ts) on the same database as the service. */
export function startExpressPeer(dialect: 'sqlite' | 'postgres', location: string): Promise<Running> {
  return startScript('peer-express.ts', [dialect, location], 'the Express peer');
}

/** The dependency floor (floor-fastify.ts) on the service's SQLite file. */
export function startFloor(file: string): Promise<Running> {
  return startScript('floor-fastify.ts', [file], 'the dependency floor');
}
