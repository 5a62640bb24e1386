import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { withRequest } from '../../test/agent/agent-input.fixture.js';
import {
  completion,
  goodAnswer,
  json,
  silence,
  useChatServer,
} from '../../test/agent/chat-completions.fixture.js';
import { AgentError } from './page-agent.js';

const server = useChatServer();
const { agent, signal } = server;

/** One run is one model call: the worker owns retries, so a failure is reported, classified, at once. */
async function failure(run: Promise<unknown>): Promise<AgentError> {
  try {
    await run;
  } catch (error) {
    assert.ok(error instanceof AgentError, String(error));
    assert.equal(server.chat.received.length <= 1, true, 'never more than one call per run');
    return error;
  }
  assert.fail('the run succeeded');
}

describe('OpenAI-compatible agent: failures, one call per run', () => {
  it('reports malformed JSON as retryable, without calling again', async () => {
    server.chat.answers.push(completion('{"reply": "oops", '), completion(goodAnswer));
    const error = await failure(agent().run(withRequest('go'), signal()));
    assert.equal(error.retryable, true);
    assert.match(error.message, /unusable output: the answer is not valid JSON/);
    assert.equal(server.chat.received.length, 1);
  });

  it('reports output naming an unknown field or an invalid value as retryable', async () => {
    server.chat.answers.push(
      completion({ ...goodAnswer, changes: [{ field: 'buttonTitle:act_nope', newValue: 'x' }] }),
      completion({ ...goodAnswer, changes: [{ field: 'metaTitle', newValue: 'x'.repeat(71) }] }),
      completion({ reply: 'missing the rest' }),
      completion('{"reply":"I was', { finish_reason: 'length' }),
    );
    const expected = [
      /"buttonTitle:act_nope" is not a field of this page/,
      /the title can be at most 70 characters/,
      /does not match the schema/,
      /cut off \(finish_reason "length"\)/,
    ];
    for (const pattern of expected) {
      server.chat.received.length = 0;
      const error = await failure(agent().run(withRequest('go'), signal()));
      assert.equal(error.retryable, true);
      assert.match(error.message, pattern);
    }
  });

  it('times out a server that never answers: retryable', async () => {
    server.chat.answers.push(silence);
    const started = Date.now();
    const error = await failure(agent({ timeoutMs: 150 }).run(withRequest('go'), signal()));
    assert.equal(error.retryable, true);
    assert.match(error.message, /no answer within 150 ms/);
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 140 && elapsed < 2_000, `took ${elapsed} ms`);
  });

  it("reports a 500 and a 429 as retryable, with the server's Retry-After", async () => {
    server.chat.answers.push(json(500, { error: { message: 'upstream exploded' } }));
    const crashed = await failure(agent().run(withRequest('go'), signal()));
    assert.equal(crashed.retryable, true);
    assert.match(crashed.message, /HTTP 500: .*upstream exploded/);
    server.chat.received.length = 0;
    server.chat.answers.push(json(429, { error: { message: 'slow down' } }, { 'retry-after': '7' }));
    const limited = await failure(agent().run(withRequest('go'), signal()));
    assert.equal(limited.retryable, true);
    assert.equal(limited.retryAfterMs, 7_000);
  });

  it('reports a 401 or 404 as final, saying what to fix', async () => {
    server.chat.answers.push(json(401, { error: { message: 'Incorrect API key provided' } }));
    const unauthorised = await failure(agent().run(withRequest('go'), signal()));
    assert.equal(unauthorised.retryable, false);
    assert.match(unauthorised.message, /HTTP 401: .*Incorrect API key/);
    assert.match(
      unauthorised.message,
      /Retrying cannot help until OPENAI_API_KEY holds a key the server accepts/,
    );
    server.chat.received.length = 0;
    server.chat.answers.push(json(404, { error: { message: 'model not found' } }));
    const missing = await failure(agent().run(withRequest('go'), signal()));
    assert.equal(missing.retryable, false);
    assert.match(missing.message, /OPENAI_BASE_URL and OPENAI_MODEL/);
  });

  it('reports a network error as retryable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      agent({ openaiBaseUrl: `http://127.0.0.1:${port}` }).run(withRequest('go'), signal()),
    );
    assert.equal(error.retryable, true);
    assert.match(error.message, /network error: fetch failed \(.*ECONNREFUSED/);
  });

  it("stops at once when the caller's signal aborts", async () => {
    const controller = new AbortController();
    // The worker gives up while the model is still thinking: abort once the request has arrived.
    server.chat.answers.push(() => controller.abort(new Error('worker shutting down')));
    await assert.rejects(
      agent({ timeoutMs: 5_000 }).run(withRequest('go'), controller.signal),
      /worker shutting down/,
    );
    assert.equal(server.chat.received.length, 1);
  });
});
