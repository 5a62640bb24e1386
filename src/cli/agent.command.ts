import fs from 'node:fs';
import { Command } from 'commander';
import { configOrExit } from './context.js';

/**
 * `quire agent eval`: runs the page agent's evaluation set (src/agent/eval/agent-eval-set.json, or
 * --set FILE) against the built-in agent or the configured OpenAI-compatible one and prints a
 * scorecard per intent. With --json the last line of stdout is one JSON object (passRate, per intent).
 */
export function agentCommand(): Command {
  const agent = new Command('agent').description('The page agent: measure how well it follows requests');
  agent
    .command('eval')
    .description('Run the evaluation set against an agent and print a scorecard per intent')
    .option('--agent <kind>', 'builtin or openai (default: AGENT)')
    .option('--set <file>', 'an evaluation set (JSON) instead of the one in the repository')
    .option('--json', 'print the scorecard as one JSON object on the last line')
    .option('--failures', 'list each case that failed, with why')
    .option('--min-pass-rate <rate>', 'exit 1 when the pass rate (0 to 1) is below this')
    .action(
      async (options: {
        agent?: string;
        set?: string;
        json?: boolean;
        failures?: boolean;
        minPassRate?: string;
      }) => {
        const config = configOrExit();
        const kind = options.agent ?? config.agent.kind;
        if (kind !== 'builtin' && kind !== 'openai') {
          process.stderr.write('quire: --agent must be builtin or openai\n');
          process.exit(2);
        }
        const [
          { createAgent },
          { checkEvalSet },
          { runEval },
          scorecard,
          { default: defaultSet },
          { default: progress },
        ] = await Promise.all([
          import('../agent/create-agent.js'),
          import('../agent/eval/eval-set.js'),
          import('../agent/eval/run-eval.js'),
          import('../agent/eval/scorecard.js'),
          import('../agent/eval/agent-eval-set.json', { with: { type: 'json' } }),
          import('cli-progress'),
        ]);
        let set: ReturnType<typeof checkEvalSet>;
        try {
          set = checkEvalSet(options.set ? JSON.parse(fs.readFileSync(options.set, 'utf8')) : defaultSet);
        } catch (error) {
          process.stderr.write(`quire: ${(error as Error).message}\n`);
          process.exit(2);
        }
        if (kind === 'openai' && (!config.agent.openaiBaseUrl || !config.agent.openaiModel)) {
          process.stderr.write('quire: --agent openai needs OPENAI_BASE_URL and OPENAI_MODEL\n');
          process.exit(2);
        }
        const pageAgent = createAgent({ ...config.agent, kind });
        const bar = new progress.SingleBar(
          {
            format: 'agent eval [{bar}] {value}/{total} {id}',
            stream: process.stderr,
            hideCursor: true,
            // Without a terminal (CI logs) a line every few seconds rather than none.
            noTTYOutput: true,
            notTTYSchedule: 5000,
          },
          progress.Presets.shades_classic,
        );
        bar.start(set.cases.length, 0, { id: '' });
        const report = await runEval(set, pageAgent, {
          timeoutMs: kind === 'openai' ? config.agent.timeoutMs * 2 + 5_000 : 10_000,
          onCase: (result) => bar.increment({ id: result.id }),
        });
        bar.stop();
        process.stdout.write(`${scorecard.scorecardTable(report, { model: kind === 'openai' })}\n`);
        process.stdout.write(
          `${report.agent}: ${report.passed}/${report.cases} right (${(report.passRate * 100).toFixed(1)} %); ` +
            `questions ${report.questionsAnswered ? 'all answered' : 'NOT all answered'}\n`,
        );
        if (options.failures) process.stdout.write(`${scorecard.failureList(report)}\n`);
        if (options.json) process.stdout.write(`${scorecard.scorecardJson(report)}\n`);
        const floor = options.minPassRate === undefined ? null : Number(options.minPassRate);
        if (floor !== null && report.passRate < floor) {
          process.stderr.write(`quire: the pass rate ${report.passRate} is below ${floor}\n`);
          process.exitCode = 1;
        }
      },
    );
  return agent;
}
