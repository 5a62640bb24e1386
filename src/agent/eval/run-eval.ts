/**
 * Runs an evaluation set against a page agent and adds the verdicts up per intent: done right,
 * refused right, wrong edits, misses, latency and, for a model agent, tokens and cost.
 */
import type { AgentResult, PageAgent } from '../page-agent.js';
import { judge, type Outcome, type Verdict } from './eval-checks.js';
import { caseInput, type EvalCase, type EvalSet } from './eval-set.js';

export interface CaseResult {
  id: string;
  intent: string;
  message: string;
  verdict: Verdict;
  latencyMs: number;
  reply: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface IntentFigures {
  cases: number;
  doneRight: number;
  refusedRight: number;
  wrongEdits: number;
  missed: number;
  passRate: number;
  latencyMsMedian: number;
  latencyMsMax: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface EvalReport {
  agent: string;
  cases: number;
  passed: number;
  passRate: number;
  /** Every question (intent "question") answered and left the version as it was. */
  questionsAnswered: boolean;
  intents: Record<string, IntentFigures>;
  total: IntentFigures;
  results: CaseResult[];
}

/** Runs every case in order (one at a time: latencies stay comparable); `onCase` after each. */
export async function runEval(
  set: EvalSet,
  agent: PageAgent,
  options: { onCase?: (result: CaseResult, index: number) => void; timeoutMs?: number } = {},
): Promise<EvalReport> {
  const results: CaseResult[] = [];
  for (const [index, evalCase] of set.cases.entries()) {
    const result = await runCase(set, evalCase, agent, options.timeoutMs ?? 120_000);
    results.push(result);
    options.onCase?.(result, index);
  }
  return report(agent.name, results);
}

async function runCase(set: EvalSet, evalCase: EvalCase, agent: PageAgent, timeoutMs: number) {
  const input = caseInput(set, evalCase);
  const started = performance.now();
  let result: AgentResult;
  try {
    result = await agent.run(input, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    // An agent that fails (a timeout, an unusable answer) changed nothing and answered nothing.
    const message = error instanceof Error ? error.message : String(error);
    result = { reply: '', reasoning: message, content: input.current, changes: [] };
  }
  const latencyMs = performance.now() - started;
  const verdict = result.reply === '' ? failed(result.reasoning) : judge(evalCase.expect, input, result);
  return {
    id: evalCase.id,
    intent: evalCase.intent,
    message: evalCase.message,
    verdict,
    latencyMs,
    reply: result.reply,
    inputTokens: result.usage?.inputTokens ?? 0,
    outputTokens: result.usage?.outputTokens ?? 0,
    costUsd: result.usage?.costUsd ?? 0,
  };
}

function failed(reason: string): Verdict {
  return { outcome: 'missed', right: false, failures: [`the agent failed: ${reason}`] };
}

function figures(results: CaseResult[]): IntentFigures {
  const count = (outcome: Outcome, right: boolean) =>
    results.filter((r) => r.verdict.outcome === outcome && r.verdict.right === right).length;
  const latencies = results.map((r) => r.latencyMs).sort((a, b) => a - b);
  const doneRight = count('done', true);
  const refusedRight = count('refused', true);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    cases: results.length,
    doneRight,
    refusedRight,
    wrongEdits: count('wrong', false),
    missed: count('missed', false) + count('refused', false),
    passRate:
      results.length === 0 ? 0 : Math.round(((doneRight + refusedRight) / results.length) * 1000) / 1000,
    latencyMsMedian: round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    latencyMsMax: round(latencies.at(-1) ?? 0),
    inputTokens: results.reduce((n, r) => n + r.inputTokens, 0),
    outputTokens: results.reduce((n, r) => n + r.outputTokens, 0),
    costUsd: Math.round(results.reduce((n, r) => n + r.costUsd, 0) * 1e6) / 1e6,
  };
}

export function report(agent: string, results: CaseResult[]): EvalReport {
  const intents: Record<string, IntentFigures> = {};
  for (const intent of [...new Set(results.map((r) => r.intent))]) {
    intents[intent] = figures(results.filter((r) => r.intent === intent));
  }
  const total = figures(results);
  const passed = total.doneRight + total.refusedRight;
  return {
    agent,
    cases: results.length,
    passed,
    passRate: total.passRate,
    questionsAnswered: results.filter((r) => r.intent === 'question').every((r) => r.verdict.right),
    intents,
    total,
    results,
  };
}
