/** The evaluation's scorecard as a table (quire agent eval) and as one JSON object (--json). */
import Table from 'cli-table3';
import type { EvalReport, IntentFigures } from './run-eval.js';

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

export function scorecardTable(report: EvalReport, options: { model: boolean }): string {
  const head = [
    'intent',
    'cases',
    'done right',
    'refused right',
    'wrong edits',
    'missed',
    'pass',
    'median ms',
    'max ms',
  ];
  if (options.model) head.push('tokens in', 'tokens out', 'cost USD');
  const table = new Table({ head, style: { head: [], border: [] } });
  const row = (name: string, f: IntentFigures) => {
    const cells: (string | number)[] = [
      name,
      f.cases,
      f.doneRight,
      f.refusedRight,
      f.wrongEdits,
      f.missed,
      percent(f.passRate),
      f.latencyMsMedian,
      f.latencyMsMax,
    ];
    if (options.model) cells.push(f.inputTokens, f.outputTokens, f.costUsd.toFixed(4));
    table.push(cells);
  };
  for (const [intent, f] of Object.entries(report.intents)) row(intent, f);
  row('all', report.total);
  return table.toString();
}

/** The failing cases, one paragraph each: what was asked, what failed, what the agent replied. */
export function failureList(report: EvalReport): string {
  return report.results
    .filter((r) => !r.verdict.right)
    .map(
      (r) =>
        `${r.id} (${r.verdict.outcome}): ${JSON.stringify(r.message)}\n  ${r.verdict.failures.join('\n  ')}\n` +
        `  reply: ${r.reply.length > 200 ? `${r.reply.slice(0, 197)}...` : r.reply}`,
    )
    .join('\n');
}

/** The --json line: passRate and the per-intent figures (without the per-case detail). */
export function scorecardJson(report: EvalReport): string {
  const { results, ...summary } = report;
  return JSON.stringify({ ...summary, failed: results.filter((r) => !r.verdict.right).map((r) => r.id) });
}
