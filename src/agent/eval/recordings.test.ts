import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OpenAIAgent } from '../openai-agent.js';
import { AgentError } from '../page-agent.js';
import set from './agent-eval-set.json' with { type: 'json' };
import { caseInput, checkEvalSet } from './eval-set.js';
import recorded from './openai-recordings.json' with { type: 'json' };
import { checkRecording, type LocalServer, requestKey, startReplayServer } from './recordings.js';
import { runEval } from './run-eval.js';

const evalSet = checkEvalSet(set);
const recording = checkRecording(recorded);
const recordedIds = new Set(Object.values(recording.exchanges).map((e) => e.caseId));

describe('recorded model responses, replayed through the OpenAI-compatible agent (issue 33)', () => {
  let server: LocalServer;
  let agent: OpenAIAgent;
  before(async () => {
    server = await startReplayServer(recording);
    agent = new OpenAIAgent({
      kind: 'openai',
      openaiBaseUrl: server.baseUrl,
      openaiApiKey: null,
      openaiModel: recording.model,
      timeoutMs: 5_000,
      maxAttempts: 1,
      priceInputPerMTok: 0.15,
      priceOutputPerMTok: 0.6,
    });
  });
  after(() => server.close());

  it('the recorded cases pass, with their tokens and cost, and no request misses its recording', async () => {
    assert.ok(recordedIds.size >= 5);
    const cases = evalSet.cases.filter((c) => recordedIds.has(c.id));
    assert.equal(cases.length, recordedIds.size, 'every recording names a case of the set');
    const report = await runEval({ ...evalSet, cases }, agent);
    assert.deepEqual(server.keys, [], 'a miss means the prompt changed: rebuild or record again');
    assert.deepEqual(
      report.results.filter((r) => !r.verdict.right).map((r) => [r.id, r.verdict.failures]),
      [],
    );
    const usage = Object.values(recording.exchanges).map(
      (e) => (e.body as { usage: { prompt_tokens: number; completion_tokens: number } }).usage,
    );
    const inputTokens = usage.reduce((n, u) => n + u.prompt_tokens, 0);
    assert.equal(report.total.inputTokens, inputTokens);
    assert.ok(report.total.costUsd > 0);
    // The recorded answer that invents a figure is refused by grounding, and the reply says so.
    const invented = report.results.find((r) => r.id === 'cannot-10')!;
    assert.match(invented.reply, /refused the model's edit and changed nothing: it claimed “40%”/);
  });

  it('a request with no recording is a clear final error, never a call elsewhere', async () => {
    const evalCase = evalSet.cases.find((c) => !recordedIds.has(c.id))!;
    await assert.rejects(
      agent.run(caseInput(evalSet, evalCase), AbortSignal.timeout(5_000)),
      (error: unknown) =>
        error instanceof AgentError &&
        !error.retryable &&
        /no recorded response for request/.test(error.message),
    );
    assert.equal(server.keys.length, 1);
  });

  it('keys a request by its content, whatever the order of its members', () => {
    assert.equal(requestKey({ a: 1, b: [{ c: 2, d: 3 }] }), requestKey({ b: [{ d: 3, c: 2 }], a: 1 }));
    assert.notEqual(requestKey({ a: 1 }), requestKey({ a: 2 }));
    assert.throws(() => checkRecording({ format: 'other' }), /not a recording/);
  });
});
