import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withRequest } from '../../test/agent/agent-input.fixture.js';
import { goodAnswer, toolCompletion, useChatServer } from '../../test/agent/chat-completions.fixture.js';
import { loadConfig } from '../config.js';
import { AgentError } from './page-agent.js';

const server = useChatServer();
const { agent, signal } = server;

describe('OpenAI-compatible agent: the answer as a tool call (AGENT_OUTPUT=tools)', () => {
  it('offers one strict function with the answer schema and forces its call; no response_format', async () => {
    server.chat.answers.push(toolCompletion(goodAnswer));
    await agent({ output: 'tools' }).run(withRequest('Rename the demo button to "Talk to us"'), signal());
    const body = server.chat.received[0]!.body as {
      response_format?: unknown;
      tools: {
        type: string;
        function: { name: string; strict: boolean; parameters: { required: string[]; properties: object } };
      }[];
      tool_choice: { type: string; function: { name: string } };
    };
    assert.equal(body.response_format, undefined);
    assert.equal(body.tools.length, 1);
    const [tool] = body.tools;
    assert.equal(tool!.type, 'function');
    assert.equal(tool!.function.name, 'page_agent_result');
    assert.equal(tool!.function.strict, true);
    assert.deepEqual(tool!.function.parameters.required, ['reply', 'reasoning', 'changes']);
    assert.deepEqual(body.tool_choice, { type: 'function', function: { name: 'page_agent_result' } });
  });

  it('reads the call’s arguments as the answer, validated as content is, with its usage', async () => {
    server.chat.answers.push(toolCompletion(goodAnswer));
    const result = await agent({ output: 'tools' }).run(withRequest('make it about forecasting'), signal());
    assert.equal(result.reply, goodAnswer.reply);
    assert.deepEqual(
      result.changes.map((c) => [c.field, c.newValue]),
      [
        ['metaTitle', 'Forecasting for Acme'],
        ['metaKeywords', 'forecasting, snowflake'],
        ['buttonTitle:act_demo', 'Talk to us'],
      ],
    );
    assert.equal(result.usage?.inputTokens, 1200);
    assert.equal(result.usage?.outputTokens, 80);
  });

  it('takes a tool call even when a schema was asked for (some servers answer so)', async () => {
    server.chat.answers.push(toolCompletion(goodAnswer));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(result.changes.length, 3);
  });

  for (const [what, answer, message] of [
    [
      'a call of another function',
      toolCompletion(goodAnswer, 'send_email'),
      /called "send_email", not "page_agent_result"/,
    ],
    ['arguments that are not JSON', toolCompletion('{"reply": "half'), /not valid JSON/],
    [
      'arguments naming a field the page lacks',
      toolCompletion({ reply: 'ok', reasoning: 'r', changes: [{ field: 'logo', newValue: 'x' }] }),
      /logo/,
    ],
  ] as const) {
    it(`reports ${what} as retryable unusable output`, async () => {
      server.chat.answers.push(answer);
      await assert.rejects(agent({ output: 'tools' }).run(withRequest('go'), signal()), (error) => {
        assert.ok(error instanceof AgentError, String(error));
        assert.equal(error.retryable, true);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  it('is chosen with AGENT_OUTPUT, json_schema by default; another value is a configuration error', () => {
    const base = { AGENT: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_MODEL: 'm' };
    assert.equal(loadConfig(base).agent.output, 'json_schema');
    assert.equal(loadConfig({ ...base, AGENT_OUTPUT: 'tools' }).agent.output, 'tools');
    assert.throws(() => loadConfig({ ...base, AGENT_OUTPUT: 'xml' }), /AGENT_OUTPUT/);
  });
});
