import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AgentConfig } from '../config.js';
import { agentInput, withRequest } from './agent-input.fixture.js';
import { createAgent } from './create-agent.js';
import { AgentError, OpenAIAgent } from './openai-agent.js';

/**
 * A local server speaking the chat-completions protocol. Each test queues how the next requests
 * are answered; every request is recorded with its headers and JSON body.
 */
type Answer = (res: http.ServerResponse) => void;
const answers: Answer[] = [];
const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown>; url: string }[] = [];
let server: http.Server;
let baseUrl: string;

before(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw), url: req.url ?? '' });
      const answer = answers.shift();
      if (answer) answer(res);
      else json(500, { error: { message: 'no answer queued' } })(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  answers.length = 0;
  received.length = 0;
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** A completion whose message content is `content` (a string, or an object sent as JSON). */
function completion(
  content: unknown,
  extra: { finish_reason?: string; refusal?: string | null } = {},
): Answer {
  return json(200, {
    id: 'chatcmpl-1',
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

const goodAnswer = {
  reply: 'I renamed the demo button and tightened the title for Acme.',
  reasoning: 'Ada asked about forecasting, so the title leads with it.',
  changes: [
    { field: 'metaTitle', newValue: 'Forecasting for Acme' },
    { field: 'buttonTitle:act_demo', newValue: 'Talk to us' },
    { field: 'metaKeywords', newValue: 'forecasting, snowflake' },
  ],
};

function agent(overrides: Partial<AgentConfig> = {}) {
  const config: AgentConfig = {
    kind: 'openai',
    openaiBaseUrl: baseUrl,
    openaiApiKey: 'sk-test-123',
    openaiModel: 'test-model',
    timeoutMs: 2_000,
    maxAttempts: 3,
    ...overrides,
  };
  return new OpenAIAgent(config, { retryDelayMs: 5 });
}

const signal = () => new AbortController().signal;

describe('OpenAI-compatible agent', () => {
  it('sends model, messages, a strict json_schema response_format and the bearer key', async () => {
    answers.push(completion(goodAnswer));
    await agent().run(
      withRequest('Rename the demo button to "Talk to us"', { actionId: 'act_demo' }),
      signal(),
    );
    assert.equal(received.length, 1);
    const { headers, body, url } = received[0]!;
    assert.equal(url, '/v1/chat/completions');
    assert.equal(headers.authorization, 'Bearer sk-test-123');
    assert.equal(headers['content-type'], 'application/json');
    assert.equal(body.model, 'test-model');
    const messages = body.messages as { role: string; content: string }[];
    assert.equal(messages[0]!.role, 'system');
    assert.match(messages[0]!.content, /metaTitle: the page title, at most 70 characters/);
    assert.match(messages[1]!.content, /"name": "Ada Lovelace"/);
    assert.match(messages[1]!.content, /Snowflake integration/);
    const last = messages.at(-1)!;
    assert.equal(last.role, 'user');
    assert.match(last.content, /^Rename the demo button to "Talk to us"/);
    assert.match(last.content, /"actionId":"act_demo"/);
    const format = body.response_format as {
      type: string;
      json_schema: {
        name: string;
        strict: boolean;
        schema: {
          required: string[];
          properties: { changes: { items: { properties: { field: { enum: string[] } } } } };
        };
      };
    };
    assert.equal(format.type, 'json_schema');
    assert.equal(format.json_schema.name, 'page_agent_result');
    assert.equal(format.json_schema.strict, true);
    assert.deepEqual(format.json_schema.schema.required, ['reply', 'reasoning', 'changes']);
    assert.deepEqual(format.json_schema.schema.properties.changes.items.properties.field.enum, [
      'metaTitle',
      'metaDescription',
      'metaKeywords',
      'supplementaryContext',
      'actionUrl',
      'buttonTitle:act_demo',
      'buttonTitle:act_pricing',
    ]);
  });

  it('maps the conversation so far and asks for a draft when no message asked', async () => {
    answers.push(completion(goodAnswer));
    const input = agentInput({
      conversation: [
        { role: 'user', content: 'hello' },
        { role: 'agent', content: 'hi there' },
      ],
    });
    await agent({ openaiApiKey: null }).run(input, signal());
    const { headers, body } = received[0]!;
    assert.equal(headers.authorization, undefined);
    const messages = body.messages as { role: string; content: string }[];
    assert.deepEqual(
      messages.slice(2, 4).map((m) => m.role),
      ['user', 'assistant'],
    );
    assert.match(messages.at(-1)!.content, /^Draft a personalised version/);
  });

  it('turns a good structured answer into a validated result, previous values from current', async () => {
    answers.push(completion(goodAnswer));
    const input = withRequest('make it about forecasting');
    const result = await agent().run(input, signal());
    assert.equal(result.reply, goodAnswer.reply);
    assert.equal(result.reasoning, goodAnswer.reasoning);
    assert.deepEqual(result.changes, [
      { field: 'metaTitle', previousValue: 'Northwind Analytics', newValue: 'Forecasting for Acme' },
      { field: 'metaKeywords', previousValue: 'analytics, forecasting', newValue: 'forecasting, snowflake' },
      { field: 'buttonTitle:act_demo', previousValue: 'Book a demo', newValue: 'Talk to us' },
    ]);
    assert.deepEqual(result.content, {
      ...input.current,
      metaTitle: 'Forecasting for Acme',
      metaKeywords: ['forecasting', 'snowflake'],
      buttonTitles: { act_demo: 'Talk to us', act_pricing: 'See pricing' },
    });
  });

  it('drops a "change" to the value a field already has', async () => {
    answers.push(
      completion({
        reply: 'ok',
        reasoning: 'r',
        changes: [{ field: 'metaTitle', newValue: 'Northwind Analytics' }],
      }),
    );
    const result = await agent().run(withRequest('keep it'), signal());
    assert.deepEqual(result.changes, []);
  });

  it('retries malformed JSON, then uses the good answer', async () => {
    answers.push(completion('{"reply": "oops", '), completion(goodAnswer));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('accepts an answer wrapped in a ```json fence', async () => {
    answers.push(completion(`\`\`\`json\n${JSON.stringify(goodAnswer)}\n\`\`\``));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(result.changes.length, 3);
  });

  it('rejects output naming an unknown field or an invalid value, and retries', async () => {
    answers.push(
      completion({ ...goodAnswer, changes: [{ field: 'buttonTitle:act_nope', newValue: 'x' }] }),
      completion({ ...goodAnswer, changes: [{ field: 'actionUrl', newValue: 'javascript:alert(1)' }] }),
      completion(goodAnswer),
    );
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(received.length, 3);
    assert.equal(result.changes.length, 3);
  });

  it('throws AgentError naming the problem after the last invalid answer', async () => {
    const tooLong = { field: 'metaTitle', newValue: 'x'.repeat(71) };
    answers.push(
      completion({ ...goodAnswer, changes: [{ field: 'headline', newValue: 'x' }] }),
      completion({ ...goodAnswer, changes: [tooLong] }),
      completion({ reply: 'missing the rest' }),
    );
    await assert.rejects(agent().run(withRequest('go'), signal()), (error: unknown) => {
      assert.ok(error instanceof AgentError);
      assert.match(error.message, /after 3 attempt\(s\)/);
      assert.match(error.message, /attempt 1: unusable output: .*"headline" is not a field of this page/);
      assert.match(error.message, /attempt 2: .*the title can be at most 70 characters/);
      assert.match(error.message, /attempt 3: .*does not match the schema/);
      return true;
    });
  });

  it('turns a refusal into a reply without changes, and does not retry it', async () => {
    answers.push(completion(null, { refusal: 'I cannot help with that request.' }));
    const input = withRequest('write something defamatory');
    const result = await agent().run(input, signal());
    assert.equal(received.length, 1);
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.content, input.current);
    assert.match(result.reply, /declined.*I cannot help with that request\./);
  });

  it('treats finish_reason content_filter as a refusal', async () => {
    answers.push(completion('', { finish_reason: 'content_filter' }));
    const result = await agent().run(withRequest('x'), signal());
    assert.equal(received.length, 1);
    assert.deepEqual(result.changes, []);
    assert.match(result.reply, /declined.*content_filter/);
  });

  it('retries an answer cut off by the length limit', async () => {
    answers.push(completion('{"reply":"I was', { finish_reason: 'length' }), completion(goodAnswer));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('times out a server that never answers, retries, then throws AgentError', async () => {
    answers.push(
      () => {},
      () => {},
    );
    const started = Date.now();
    await assert.rejects(
      agent({ timeoutMs: 150, maxAttempts: 2 }).run(withRequest('go'), signal()),
      (error: unknown) => {
        assert.ok(error instanceof AgentError);
        assert.match(error.message, /attempt 1: no answer within 150 ms; attempt 2: no answer within 150 ms/);
        return true;
      },
    );
    const elapsed = Date.now() - started;
    assert.equal(received.length, 2);
    assert.ok(elapsed >= 300 && elapsed < 2_000, `took ${elapsed} ms`);
  });

  it('retries a 500, then succeeds', async () => {
    answers.push(json(500, { error: { message: 'upstream exploded' } }), completion(goodAnswer));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    answers.push(
      json(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }),
      completion(goodAnswer),
    );
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('does not retry a 401: the configuration is wrong', async () => {
    answers.push(json(401, { error: { message: 'Incorrect API key provided' } }));
    await assert.rejects(agent().run(withRequest('go'), signal()), (error: unknown) => {
      assert.ok(error instanceof AgentError);
      assert.match(error.message, /HTTP 401: .*Incorrect API key/);
      return true;
    });
    assert.equal(received.length, 1);
  });

  it('retries a network error, then throws AgentError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(
      agent({ openaiBaseUrl: `http://127.0.0.1:${port}`, maxAttempts: 2 }).run(withRequest('go'), signal()),
      /after 2 attempt\(s\): attempt 1: network error: fetch failed \(.*ECONNREFUSED/,
    );
  });

  it("stops at once when the caller's signal aborts, without retrying", async () => {
    answers.push(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('worker shutting down')), 50);
    await assert.rejects(
      agent({ timeoutMs: 5_000 }).run(withRequest('go'), controller.signal),
      /worker shutting down/,
    );
    assert.equal(received.length, 1);
  });

  it('is what createAgent builds for AGENT=openai', () => {
    const built = createAgent({
      kind: 'openai',
      openaiBaseUrl: baseUrl,
      openaiApiKey: null,
      openaiModel: 'm',
      timeoutMs: 1000,
      maxAttempts: 1,
    });
    assert.equal(built.name, 'openai');
    const builtin = createAgent({
      ...{ kind: 'builtin' },
      openaiBaseUrl: null,
      openaiApiKey: null,
      openaiModel: null,
      timeoutMs: 1000,
      maxAttempts: 1,
    });
    assert.equal(builtin.name, 'builtin');
    assert.throws(
      () =>
        createAgent({
          kind: 'openai',
          openaiBaseUrl: null,
          openaiApiKey: null,
          openaiModel: null,
          timeoutMs: 1,
          maxAttempts: 1,
        }),
      AgentError,
    );
  });
});
