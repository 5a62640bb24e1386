/**
 * A local HTTP server speaking the chat-completions protocol, for tests of the OpenAI-compatible
 * agent (and of anything running it, such as the version worker with AGENT=openai). Tests queue how
 * the next requests are answered; every request is recorded with its path, headers and JSON body.
 * An unanswered request gets a 500, so a test that forgets to queue an answer fails loudly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach } from 'node:test';
import type { AgentOptions } from '../../src/agent/agent-options.js';
import { OpenAIAgent } from '../../src/agent/openai-agent.js';

export type Answer = (res: http.ServerResponse) => void;

export interface ReceivedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface ChatServer {
  /** e.g. http://127.0.0.1:41234/v1: what OPENAI_BASE_URL would be. */
  baseUrl: string;
  answers: Answer[];
  received: ReceivedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startChatServer(): Promise<ChatServer> {
  const answers: Answer[] = [];
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      (answers.shift() ?? json(500, { error: { message: 'no answer queued' } }))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    answers,
    received,
    reset() {
      answers.length = 0;
      received.length = 0;
    },
    async close() {
      // Requests a test left hanging (timeouts) must not keep the process alive.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** Never answers: the client has to time out. */
export const silence: Answer = () => {};

/** A completion whose message content is `content` (a string as is, anything else as JSON). */
export function completion(
  content: unknown,
  extra: { finish_reason?: string; refusal?: string | null } = {},
): Answer {
  return json(200, {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    model: 'test-model',
    choices: [
      {
        index: 0,
        finish_reason: extra.finish_reason ?? 'stop',
        message: {
          role: 'assistant',
          content: typeof content === 'string' ? content : JSON.stringify(content),
          refusal: extra.refusal ?? null,
        },
      },
    ],
  });
}

/** A completion answering with one tool call of `name` whose arguments are `args` (JSON unless a string). */
export function toolCompletion(args: unknown, name = 'page_agent_result'): Answer {
  return json(200, {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    model: 'test-model',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
            },
          ],
        },
      },
    ],
    usage: { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280 },
  });
}

/** A well-formed answer for the agent-input fixture's page. */
export const goodAnswer = {
  reply: 'I renamed the demo button and tightened the title for Acme.',
  reasoning: 'Ada asked about forecasting, so the title leads with it.',
  changes: [
    { field: 'metaTitle', newValue: 'Forecasting for Acme' },
    { field: 'buttonTitle:act_demo', newValue: 'Talk to us' },
    { field: 'metaKeywords', newValue: 'forecasting, snowflake' },
  ],
};

/** An OpenAI agent for a test server. */
export function testAgent(baseUrl: string, overrides: Partial<AgentOptions> = {}): OpenAIAgent {
  const config: AgentOptions = {
    kind: 'openai',
    openaiBaseUrl: baseUrl,
    openaiApiKey: 'sk-test-123',
    openaiModel: 'test-model',
    timeoutMs: 2_000,
    maxAttempts: 3,
    ...overrides,
  };
  return new OpenAIAgent(config);
}

/**
 * Starts one server for the test file (node:test hooks), resets it before each test, and gives
 * tests the server and an agent pointed at it.
 */
export function useChatServer() {
  let server: ChatServer | undefined;
  before(async () => {
    server = await startChatServer();
  });
  after(() => server?.close());
  beforeEach(() => server?.reset());
  const current = () => {
    if (!server) throw new Error('the chat server starts in before()');
    return server;
  };
  return {
    get chat() {
      return current();
    },
    agent: (overrides: Partial<AgentOptions> = {}) => testAgent(current().baseUrl, overrides),
    signal: () => new AbortController().signal,
  };
}
