// Drives load with wrk, a native generator that spends a few microseconds of CPU per request, so the
// figures measure the servers rather than the generator (autocannon inside this process spent about
// 26 µs per request on the same two cores and capped the bare server). wrk's own CPU per request is
// reported with every result so a capped denominator is visible.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Bytes of one response body (sampled), to size the bare server's answer. */
  bodyBytes: number;
  /** CPU the load generator spent per completed request, in microseconds. */
  generatorCpuUs: number;
  /** CPU the server process spent per completed request (all its threads), in microseconds. */
  serverCpuUs: number;
  /** CPU the database server's backends spent per completed request (PostgreSQL only), in µs. */
  databaseCpuUs: number;
}

export interface LoadOptions {
  base: string;
  /** Paths to cycle through (one per request, round robin). */
  paths: string[];
  method?: 'GET' | 'POST';
  /** A body per request (called for each request), for POSTs. */
  body?: () => string;
  headers?: Record<string, string>;
  /** The server's process, whose CPU time is read from /proc before and after the run. */
  pid?: number;
  /** The CPU (µs) the database's backends have used so far (bench/database-cpu.ts), read before and after. */
  databaseCpu?: () => Promise<number>;
  seconds: number;
  connections: number;
  /**
   * Milliseconds each connection waits after an answer before its next request (wrk's delay()).
   * 0, the default, keeps every connection busy: a saturating load whose p99 is mostly queueing.
   * A pause makes a steady client below saturation, whose p99 is the service's latency.
   */
  pauseMs?: number;
}

/** Distinct bodies handed to wrk for a POST scenario; it cycles through them. */
const BODY_POOL = 20_000;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time (user + system, every thread) a process has used so far, in microseconds. */
export function processCpuUs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return Number.NaN;
  }
}
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-wrk-'));
process.on('exit', () => fs.rmSync(workDir, { recursive: true, force: true }));

/** Fails early, with the install command, when wrk is not on this machine. */
export function requireWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary is a problem.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('the benchmark drives load with wrk: install it (apt-get install -y wrk)');
    }
  }
}

// One Lua state per wrk thread: each reads the paths and bodies once and formats every distinct
// request up front, so a request costs wrk a table lookup (a request() that formats each request
// doubles wrk's CPU per request). At the end the main thread reads its own process's CPU time from
// /proc (all threads of wrk together).
const SCRIPT = `
local paths, bodies, requests = {}, {}, {}
for line in io.lines(os.getenv("QUIRE_WRK_PATHS")) do paths[#paths + 1] = line end
local bodyFile = os.getenv("QUIRE_WRK_BODIES")
if bodyFile ~= "" then for line in io.lines(bodyFile) do bodies[#bodies + 1] = line end end
local method = os.getenv("QUIRE_WRK_METHOD")
local count = math.max(#paths, #bodies)
-- wrk fills in the -H headers only after loading the script, so the requests are formatted in init.
init = function(args)
  math.randomseed(seed or 0)
  for i = 1, count do
    local body = nil
    if #bodies > 0 then body = bodies[((i - 1) % #bodies) + 1] end
    requests[i] = wrk.format(method, paths[((i - 1) % #paths) + 1], nil, body)
  end
end
-- One distinct request is wrk's static request, which costs less than any request() function.
if count > 1 then
  local i = 0
  request = function()
    i = i % count + 1
    return requests[i]
  end
else
  wrk.method, wrk.path, wrk.body = method, paths[1], bodies[1]
end
-- A pause of a random length, exponential around its mean, as independent clients' requests
-- arrive (a constant one keeps the connections in step: their requests came in bursts of ten).
local pause = tonumber(os.getenv("QUIRE_WRK_PAUSE_MS")) or 0
if pause > 0 then
  delay = function() return math.floor(-pause * math.log(1 - math.random()) + 0.5) end
end
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("seed", threads)
end
done = function(summary, latency, requests)
  local f = io.open("/proc/self/stat")
  local stat = f:read("*a")
  f:close()
  local fields = {}
  for w in stat:match("%) (.*)"):gmatch("%S+") do fields[#fields + 1] = w end
  local e = summary.errors
  io.write(string.format(
    "QUIRE_WRK %d %d %d %d %d %d %s %s\\n",
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), fields[12], fields[13]))
end
`;

/** Runs wrk against one scenario and returns its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const method = options.method ?? 'GET';
  const headers = { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers };
  const sample = await fetch(options.base + options.paths[0], {
    method,
    headers,
    ...(options.body ? { body: options.body() } : {}),
  });
  const bodyBytes = (await sample.arrayBuffer()).byteLength;
  if (sample.status >= 300) throw new Error(`${options.paths[0]} answered ${sample.status}`);

  const script = path.join(workDir, 'load.lua');
  if (!fs.existsSync(script)) fs.writeFileSync(script, SCRIPT);
  const pathsFile = path.join(workDir, 'paths.txt');
  fs.writeFileSync(pathsFile, `${options.paths.join('\n')}\n`);
  let bodiesFile = '';
  if (options.body) {
    bodiesFile = path.join(workDir, 'bodies.txt');
    const bodies = Array.from({ length: BODY_POOL }, () => options.body!());
    fs.writeFileSync(bodiesFile, `${bodies.join('\n')}\n`);
  }
  // Two threads: one per core would leave the server nothing; wrk's event loop per thread handles
  // hundreds of connections.
  const threads = Math.min(2, options.connections);
  const args = [
    `-t${threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    options.base,
  ];
  const databaseCpuBefore = options.databaseCpu ? await options.databaseCpu() : Number.NaN;
  const serverCpuBefore = processCpuUs(options.pid);
  const env = {
    ...process.env,
    QUIRE_WRK_PATHS: pathsFile,
    QUIRE_WRK_BODIES: bodiesFile,
    QUIRE_WRK_METHOD: method,
    QUIRE_WRK_PAUSE_MS: String(options.pauseMs ?? 0),
  };
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`)),
    );
  });
  const serverCpu = processCpuUs(options.pid) - serverCpuBefore;
  const databaseCpu = options.databaseCpu ? (await options.databaseCpu()) - databaseCpuBefore : Number.NaN;
  const line = /QUIRE_WRK (.*)/.exec(output)?.[1];
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const [requests, durationUs, non2xx, errors, p50Us, p99Us, utime, stime] = line.split(' ').map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const cpuUs = ((utime + stime) / CLOCK_TICKS) * 1e6;
  return {
    requestsPerSecond: requests / (durationUs / 1e6),
    p50: p50Us / 1000,
    p99: p99Us / 1000,
    non2xx,
    errors,
    bodyBytes,
    generatorCpuUs: requests > 0 ? cpuUs / requests : Number.NaN,
    serverCpuUs: requests > 0 ? serverCpu / requests : Number.NaN,
    databaseCpuUs: requests > 0 ? databaseCpu / requests : Number.NaN,
  };
}
