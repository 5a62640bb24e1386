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
import { AgentError } from './openai-agent.js';

const server = useChatServer();
const { agent, signal } = server;

describe('OpenAI-compatible agent: failures and retries', () => {
  it('retries malformed JSON, then uses the good answer', async () => {
    server.chat.answers.push(completion('{"reply": "oops", '), completion(goodAnswer));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(server.chat.received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('rejects output naming an unknown field or an invalid value, and retries', async () => {
    server.chat.answers.push(
      completion({ ...goodAnswer, changes: [{ field: 'buttonTitle:act_nope', newValue: 'x' }] }),
      completion({ ...goodAnswer, changes: [{ field: 'actionUrl', newValue: 'javascript:alert(1)' }] }),
      completion(goodAnswer),
    );
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(server.chat.received.length, 3);
    assert.equal(result.changes.length, 3);
  });

  it('throws AgentError naming the problem after the last invalid answer', async () => {
    const tooLong = { field: 'metaTitle', newValue: 'x'.repeat(71) };
    server.chat.answers.push(
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

  it('retries an answer cut off by the length limit', async () => {
    server.chat.answers.push(
      completion('{"reply":"I was', { finish_reason: 'length' }),
      completion(goodAnswer),
    );
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(server.chat.received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('times out a server that never answers, retries, then throws AgentError', async () => {
    server.chat.answers.push(silence, silence);
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
    assert.equal(server.chat.received.length, 2);
    assert.ok(elapsed >= 290 && elapsed < 2_000, `took ${elapsed} ms`);
  });

  it('retries a 500, then succeeds', async () => {
    server.chat.answers.push(json(500, { error: { message: 'upstream exploded' } }), completion(goodAnswer));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(server.chat.received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    server.chat.answers.push(
      json(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }),
      completion(goodAnswer),
    );
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(server.chat.received.length, 2);
    assert.equal(result.changes.length, 3);
  });

  it('does not retry a 401: the configuration is wrong', async () => {
    server.chat.answers.push(json(401, { error: { message: 'Incorrect API key provided' } }));
    await assert.rejects(agent().run(withRequest('go'), signal()), (error: unknown) => {
      assert.ok(error instanceof AgentError);
      assert.match(error.message, /HTTP 401: .*Incorrect API key/);
      return true;
    });
    assert.equal(server.chat.received.length, 1);
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
