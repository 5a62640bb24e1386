import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentInput, withRequest } from '../../test/agent/agent-input.fixture.js';
import { completion, goodAnswer, useChatServer } from '../../test/agent/chat-completions.fixture.js';
import { createAgent } from './create-agent.js';
import { AgentError } from './openai-agent.js';

const server = useChatServer();
const { agent, signal } = server;

describe('OpenAI-compatible agent: request and answer', () => {
  it('sends model, messages, a strict json_schema response_format and the bearer key', async () => {
    server.chat.answers.push(completion(goodAnswer));
    await agent().run(
      withRequest('Rename the demo button to "Talk to us"', { actionId: 'act_demo' }),
      signal(),
    );
    assert.equal(server.chat.received.length, 1);
    const { headers, body, url } = server.chat.received[0]!;
    assert.equal(url, '/v1/chat/completions');
    assert.equal(headers.authorization, 'Bearer sk-test-123');
    assert.equal(headers['content-type'], 'application/json');
    assert.equal(body.model, 'test-model');
    const messages = body.messages as { role: string; content: string }[];
    assert.equal(messages[0]!.role, 'system');
    assert.match(messages[0]!.content, /metaTitle: the page title, at most 70 characters/);
    assert.match(messages[0]!.content, /The other buttons have no URL you can change/);
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
      'headline',
      'subheadline',
      'buttonTitle:act_demo',
      'buttonTitle:act_pricing',
    ]);
  });

  it('maps the conversation so far and asks for a draft when no message asked', async () => {
    server.chat.answers.push(completion(goodAnswer));
    const input = agentInput({
      conversation: [
        { role: 'user', content: 'hello' },
        { role: 'agent', content: 'hi there' },
      ],
    });
    await agent({ openaiApiKey: null }).run(input, signal());
    const { headers, body } = server.chat.received[0]!;
    assert.equal(headers.authorization, undefined);
    const messages = body.messages as { role: string; content: string }[];
    assert.deepEqual(
      messages.slice(2, 4).map((m) => m.role),
      ['user', 'assistant'],
    );
    assert.match(messages.at(-1)!.content, /^Draft a personalised version/);
  });

  it("personalises the hosted page's headline and subheadline, within their bounds", async () => {
    server.chat.answers.push(
      completion({
        reply: 'Drafted for Acme.',
        reasoning: 'Named the company.',
        changes: [
          { field: 'headline', newValue: 'Revenue forecasts Acme’s finance team can trust' },
          { field: 'subheadline', newValue: 'Ada, here is what Northwind does with Snowflake data.' },
        ],
      }),
    );
    const input = agentInput();
    const result = await agent().run(input, signal());
    assert.deepEqual(result.changes, [
      {
        field: 'headline',
        previousValue: 'Revenue forecasts your finance team can trust',
        newValue: 'Revenue forecasts Acme’s finance team can trust',
      },
      {
        field: 'subheadline',
        previousValue: 'Dashboards, alerts and a warehouse-native semantic layer.',
        newValue: 'Ada, here is what Northwind does with Snowflake data.',
      },
    ]);
    const messages = server.chat.received[0]!.body.messages as { content: string }[];
    assert.match(messages[0]!.content, /- headline: the hero headline .* at most 300 characters, not empty/);
    assert.match(messages[1]!.content, /"headline": "Revenue forecasts your finance team can trust"/);
    assert.match(messages.at(-1)!.content, /a headline and subheadline that rework/);

    server.chat.answers.push(
      completion({ reply: 'ok', reasoning: 'r', changes: [{ field: 'headline', newValue: ' ' }] }),
    );
    await assert.rejects(agent().run(input, signal()), /headline: the headline cannot be empty/);
  });

  it("keeps the operator's notes in front of a drafted context that dropped them", async () => {
    const notes = 'Met at the FinOps Summit.';
    server.chat.answers.push(
      completion({
        reply: 'Drafted.',
        reasoning: 'From the activity.',
        changes: [{ field: 'supplementaryContext', newValue: 'Ada looked at pricing twice.' }],
      }),
    );
    const base = agentInput();
    const result = await agent().run(
      agentInput({ current: { ...base.current, supplementaryContext: notes } }),
      signal(),
    );
    assert.equal(result.content.supplementaryContext, `${notes}\n\nAda looked at pricing twice.`);
    assert.equal(result.changes[0]!.newValue, result.content.supplementaryContext);
    const messages = server.chat.received[0]!.body.messages as { content: string }[];
    assert.match(messages.at(-1)!.content, /an operator wrote it: keep it word for word/);
  });

  it('bounds free-form facts and keeps the latest history', async () => {
    server.chat.answers.push(completion(goodAnswer));
    const base = agentInput();
    const input = agentInput({
      recentActivity: [
        {
          ...base.recentActivity[0]!,
          payload: { text: 'x'.repeat(50_000), nested: { y: 'z'.repeat(9_000) } },
        },
      ],
      conversation: Array.from({ length: 30 }, (_, i) => ({
        role: 'user' as const,
        content: `message ${i}`,
      })),
    });
    await agent().run(input, signal());
    const messages = server.chat.received[0]!.body.messages as { role: string; content: string }[];
    assert.ok(messages[1]!.content.length < 15_000, `facts are ${messages[1]!.content.length} characters`);
    assert.match(messages[1]!.content, /"text": "x{1999}…"/);
    assert.deepEqual(
      messages.slice(2, -1).map((m) => m.content),
      Array.from({ length: 20 }, (_, i) => `message ${i + 10}`),
    );
  });

  it('turns a good structured answer into a validated result, previous values from current', async () => {
    server.chat.answers.push(completion(goodAnswer));
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
    server.chat.answers.push(
      completion({
        reply: 'ok',
        reasoning: 'r',
        changes: [{ field: 'metaTitle', newValue: 'Northwind Analytics' }],
      }),
    );
    const result = await agent().run(withRequest('keep it'), signal());
    assert.deepEqual(result.changes, []);
  });

  it('accepts an answer wrapped in a ```json fence', async () => {
    server.chat.answers.push(completion(`\`\`\`json\n${JSON.stringify(goodAnswer)}\n\`\`\``));
    const result = await agent().run(withRequest('go'), signal());
    assert.equal(result.changes.length, 3);
  });

  it('turns a refusal into a reply without changes, and does not retry it', async () => {
    server.chat.answers.push(completion(null, { refusal: 'I cannot help with that request.' }));
    const input = withRequest('write something defamatory');
    const result = await agent().run(input, signal());
    assert.equal(server.chat.received.length, 1);
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.content, input.current);
    assert.match(result.reply, /declined.*I cannot help with that request\./);
  });

  it('treats finish_reason content_filter as a refusal', async () => {
    server.chat.answers.push(completion('', { finish_reason: 'content_filter' }));
    const result = await agent().run(withRequest('x'), signal());
    assert.equal(server.chat.received.length, 1);
    assert.deepEqual(result.changes, []);
    assert.match(result.reply, /declined.*content_filter/);
  });

  it('is what createAgent builds for AGENT=openai', () => {
    const built = createAgent({
      kind: 'openai',
      openaiBaseUrl: server.chat.baseUrl,
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

describe('OpenAI-compatible agent: grounding and usage', () => {
  const withUsage = (answer: unknown) => (res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: JSON.stringify(answer) },
          },
        ],
        usage: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 },
      }),
    );
  };

  it('refuses an answer that invents a customer logo or a percentage, and the reply says so', async () => {
    server.chat.answers.push(
      withUsage({
        reply: 'Added social proof.',
        reasoning: 'Logos convert.',
        changes: [
          { field: 'subheadline', newValue: 'Trusted by Stripe and Shopify: forecasts 40% more accurate.' },
        ],
      }),
    );
    const input = withRequest('Add some social proof to the subheadline');
    const result = await agent().run(input, signal());
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.content, input.current);
    assert.match(
      result.reply,
      /^I refused the model's edit and changed nothing: it claimed “40%”, “Stripe”, “Shopify”/,
    );
  });

  it('keeps a figure the topic entries give, and reports tokens and the cost at the configured price', async () => {
    server.chat.answers.push(
      withUsage({
        reply: 'Done.',
        reasoning: 'The topic entry gives the figure.',
        changes: [
          { field: 'subheadline', newValue: 'Forecasting accuracy improved 23% with the semantic layer.' },
        ],
      }),
    );
    const result = await agent({ priceInputPerMTok: 0.15, priceOutputPerMTok: 0.6 }).run(
      withRequest('Mention the accuracy gain in the subheadline'),
      signal(),
    );
    assert.equal(result.changes.length, 1);
    assert.deepEqual(result.usage, {
      model: 'test-model',
      inputTokens: 1200,
      outputTokens: 300,
      costUsd: (1200 * 0.15 + 300 * 0.6) / 1e6,
      calls: 1,
    });
  });

  it('gives the model the original content and the last version’s changes, so it can undo (issue 33)', async () => {
    const lastChanges = [
      { field: 'headline' as const, previousValue: 'Forecasts Acme can trust', newValue: 'Something newer' },
    ];
    const input = agentInput({ lastChanges, request: { message: 'undo that', selectedElement: null } });
    server.chat.answers.push(
      completion({
        reply: 'Undone.',
        reasoning: 'r',
        changes: [{ field: 'headline', newValue: 'Forecasts Acme can trust' }],
      }),
    );
    const result = await agent().run(input, signal());
    assert.equal(result.content.headline, 'Forecasts Acme can trust');
    const facts = (server.chat.received[0]!.body.messages as { content: string }[])[1]!.content;
    assert.match(facts, /"lastVersionChanges": \[/);
    assert.match(facts, /"previousValue": "Forecasts Acme can trust"/);
    assert.match(
      (server.chat.received[0]!.body.messages as { content: string }[]).at(-1)!.content,
      /^undo that$/,
    );
  });
});
