import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Bytes of one response body (sampled), to size the bare server's answer. */
  bodyBytes: number;
}

export interface LoadOptions {
  base: string;
  /** Paths to cycle through (one per request, round robin). */
  paths: string[];
  method?: 'GET' | 'POST';
  /** A body per request (called for each request), for POSTs. */
  body?: () => string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
}

/** Runs autocannon (as a library) against one scenario and returns its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headers = { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers };
  const sample = await fetch(options.base + options.paths[0], {
    method: options.method ?? 'GET',
    headers,
    ...(options.body ? { body: options.body() } : {}),
  });
  const bodyBytes = (await sample.arrayBuffer()).byteLength;
  if (sample.status >= 300) throw new Error(`${options.paths[0]} answered ${sample.status}`);
  let next = 0;
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: options.method ?? 'GET',
        headers,
        setupRequest: (request) => {
          const path = options.paths[next++ % options.paths.length]!;
          return { ...request, path, ...(options.body ? { body: options.body() } : {}) };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bodyBytes,
  };
}
