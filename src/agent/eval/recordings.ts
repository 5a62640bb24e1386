/**
 * Recorded model responses, so CI can run the OpenAI-compatible agent without a model or a network
 * (issue 33). A recording maps the hash of a chat-completions request body to the response the
 * model server gave. `quire agent eval --agent openai --record FILE` records through a local proxy
 * to OPENAI_BASE_URL; `--replay FILE` serves a recording from a local server on 127.0.0.1, and the
 * agent's real HTTP client talks to it. A request with no recording is answered 404 with its key,
 * so a changed prompt shows up as a clear miss, never as a call to the network.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedExchange {
  /** What asked it (an evaluation case's id), to find the exchange again by eye. */
  caseId?: string;
  /** The request's last message (the user's request), for the same reason. */
  request?: string;
  status: number;
  /** The response body as the server sent it (JSON). */
  body: unknown;
}

export interface Recording {
  format: 'quire-agent-recording/1';
  model: string;
  /** How the responses were made: a real model server, or written by hand (say which). */
  source: string;
  exchanges: Record<string, RecordedExchange>;
}

/** A key independent of the order of an object's members: sha256 of the canonical JSON. */
export function requestKey(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function checkRecording(value: unknown): Recording {
  const r = value as Recording;
  if (r?.format !== 'quire-agent-recording/1' || typeof r.exchanges !== 'object' || r.exchanges === null) {
    throw new Error('not a recording: format must be "quire-agent-recording/1" with exchanges');
  }
  for (const [key, exchange] of Object.entries(r.exchanges)) {
    if (!/^[0-9a-f]{64}$/.test(key) || typeof exchange?.status !== 'number') {
      throw new Error(`recording exchange ${key}: a sha256 key and a status are required`);
    }
  }
  return r;
}

export interface LocalServer {
  /** What OPENAI_BASE_URL is set to. */
  baseUrl: string;
  /** Keys of requests with no recording (replay) or that were recorded (record). */
  keys: string[];
  close(): Promise<void>;
}

function lastMessage(body: unknown): string | undefined {
  const messages = (body as { messages?: { content?: unknown }[] })?.messages;
  const content = Array.isArray(messages) ? messages.at(-1)?.content : undefined;
  return typeof content === 'string' ? content.slice(0, 500) : undefined;
}

async function serve(
  handle: (body: unknown, raw: string, res: http.ServerResponse) => Promise<void>,
): Promise<{ server: http.Server; baseUrl: string }> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no such endpoint: ${req.method} ${req.url}` } }));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the request body is not JSON' } }));
        return;
      }
      handle(body, raw, res).catch((error: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `recording proxy: ${(error as Error).message}` } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

const closer = (server: http.Server) => async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

/** Serves a recording: each request is answered with the response recorded for its key, else 404. */
export async function startReplayServer(recording: Recording): Promise<LocalServer> {
  const misses: string[] = [];
  const { server, baseUrl } = await serve(async (body, _raw, res) => {
    const key = requestKey(body);
    const exchange = recording.exchanges[key];
    if (exchange === undefined) {
      misses.push(key);
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: `no recorded response for request ${key} (the prompt or the case changed: record again with quire agent eval --record)`,
          },
        }),
      );
      return;
    }
    res.writeHead(exchange.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(exchange.body));
  });
  return { baseUrl, keys: misses, close: closer(server) };
}

/**
 * Forwards each request to a real model server (`upstream`, with its key) and adds the exchange to
 * `recording` under the request's key; the caller writes the recording out afterwards.
 */
export async function startRecordingProxy(
  upstream: string,
  apiKey: string | null,
  recording: Recording,
): Promise<LocalServer> {
  const recorded: string[] = [];
  const endpoint = `${upstream.replace(/\/+$/, '')}/chat/completions`;
  const { server, baseUrl } = await serve(async (body, raw, res) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const response = await fetch(endpoint, { method: 'POST', headers, body: raw });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    const key = requestKey(body);
    const request = lastMessage(body);
    recording.exchanges[key] = {
      ...(request === undefined ? {} : { request }),
      status: response.status,
      body: parsed,
    };
    recorded.push(key);
    res.writeHead(response.status, { 'content-type': 'application/json' });
    res.end(text);
  });
  return { baseUrl, keys: recorded, close: closer(server) };
}
