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
    .option(
      '--replay <file>',
      'openai only: answer from recorded responses (a local server, no network); runs the cases the recording holds',
    )
    .option('--record <file>', 'openai only: record each exchange with OPENAI_BASE_URL into this file')
    .action(
      async (options: {
        agent?: string;
        set?: string;
        json?: boolean;
        failures?: boolean;
        minPassRate?: string;
        replay?: string;
        record?: string;
      }) => {
        const config = configOrExit();
        const kind = options.replay || options.record ? 'openai' : (options.agent ?? config.agent.kind);
        if (kind !== 'builtin' && kind !== 'openai') {
          process.stderr.write('quire: --agent must be builtin or openai\n');
          process.exit(2);
        }
        const [
          { createAgent },
          { caseInput, checkEvalSet },
          { requestBody },
          { runEval },
          scorecard,
          { default: defaultSet },
          { default: progress },
        ] = await Promise.all([
          import('../agent/create-agent.js'),
          import('../agent/eval/eval-set.js'),
          import('../agent/openai-prompt.js'),
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
        if (options.replay && options.record) {
          process.stderr.write('quire: --replay and --record cannot be used together\n');
          process.exit(2);
        }
        if (
          !options.replay &&
          kind === 'openai' &&
          (!config.agent.openaiBaseUrl || !config.agent.openaiModel)
        ) {
          process.stderr.write('quire: --agent openai needs OPENAI_BASE_URL and OPENAI_MODEL\n');
          process.exit(2);
        }
        const recordings = await import('../agent/eval/recordings.js');
        let agentOptions = { ...config.agent, kind } as typeof config.agent;
        let local: Awaited<ReturnType<typeof recordings.startReplayServer>> | null = null;
        let recording: ReturnType<typeof recordings.checkRecording> | null = null;
        try {
          if (options.replay) {
            recording = recordings.checkRecording(JSON.parse(fs.readFileSync(options.replay, 'utf8')));
            const held = new Set(Object.values(recording.exchanges).map((e) => e.caseId));
            set = { ...set, cases: set.cases.filter((c) => held.has(c.id)) };
            local = await recordings.startReplayServer(recording);
            agentOptions = {
              ...agentOptions,
              openaiBaseUrl: local.baseUrl,
              openaiApiKey: null,
              openaiModel: recording.model,
            };
          } else if (options.record) {
            recording = fs.existsSync(options.record)
              ? recordings.checkRecording(JSON.parse(fs.readFileSync(options.record, 'utf8')))
              : {
                  format: 'quire-agent-recording/1',
                  model: config.agent.openaiModel!,
                  source: `recorded from ${config.agent.openaiBaseUrl} on ${new Date().toISOString().slice(0, 10)}`,
                  exchanges: {},
                };
            local = await recordings.startRecordingProxy(
              config.agent.openaiBaseUrl!,
              config.agent.openaiApiKey,
              recording,
            );
            agentOptions = { ...agentOptions, openaiBaseUrl: local.baseUrl, openaiApiKey: null };
          }
        } catch (error) {
          process.stderr.write(`quire: ${(error as Error).message}\n`);
          process.exit(2);
        }
        const pageAgent = createAgent(agentOptions);
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
        await local?.close();
        if (options.record && recording !== null) {
          // Each exchange says which case asked it, so a recording can be read and refreshed by eye.
          for (const result of report.results) {
            const input = caseInput(set, set.cases.find((c) => c.id === result.id)!);
            const key = recordings.requestKey(requestBody(input, agentOptions.openaiModel!));
            const exchange = recording.exchanges[key];
            if (exchange !== undefined) exchange.caseId = result.id;
          }
          fs.writeFileSync(options.record, `${JSON.stringify(recording, null, 2)}\n`);
          process.stderr.write(`recorded ${local?.keys.length ?? 0} exchanges into ${options.record}\n`);
        }
        if (options.replay && local !== null && local.keys.length > 0) {
          process.stderr.write(
            `quire: ${local.keys.length} requests had no recording (the prompt changed since it was recorded)\n`,
          );
        }
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
