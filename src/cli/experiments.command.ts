import { Command } from 'commander';
import {
  CreateExperimentBody,
  type Experiment,
  type ExperimentResults,
  UpdateExperimentBody,
} from '../features/experiments/experiments.schemas.js';
import {
  createExperiment,
  getExperiment,
  listExperiments,
  stopExperiment,
  updateExperiment,
} from '../features/experiments/experiments.service.js';
import { experimentResults } from '../features/experiments/results.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';
import { checkInput } from './validate-input.js';

type Options = {
  tenant: string;
  name?: string;
  arms?: string;
  metric?: string;
  window?: string;
  phase?: string;
  json?: boolean;
};

/** `holdout:generic:10,personalised:personalised:90` -> arms (checked by the API's schema). */
function parseArms(text: string): unknown[] {
  return text.split(',').map((part) => {
    const [key, kind, weight] = part.split(':');
    return { key, kind, weight: Number(weight) };
  });
}

/** `click`, `form`, or `activity:meeting-booked`; `--window <days>`. */
function parseMetric(text: string, window: string | undefined): Record<string, unknown> {
  const [kind, ...type] = text.split(':');
  return {
    kind,
    ...(type.length > 0 ? { activityType: type.join(':') } : {}),
    ...(window === undefined ? {} : { windowDays: Number(window) }),
  };
}

function summary(e: Experiment): Record<string, unknown> {
  return {
    experimentId: e.experimentId,
    pageId: e.pageId,
    name: e.name,
    status: e.status,
    phase: e.phase,
    arms: e.arms.map((a) => `${a.key}:${a.kind}:${a.weight}`).join(','),
    metric: e.metric,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function printResults(r: ExperimentResults): void {
  process.stdout.write(
    `experiment ${r.experimentId}, phase ${r.phase}, metric ${JSON.stringify(r.metric)}\n`,
  );
  for (const a of r.arms) {
    const parts = [
      `${a.key}${a.control ? ' (control)' : ''}`,
      `${a.conversions}/${a.units}`,
      `rate ${pct(a.rate)} [${pct(a.interval.lower)}, ${pct(a.interval.upper)}]`,
    ];
    if (a.chanceToBeatControl !== null) parts.push(`chance to beat control ${pct(a.chanceToBeatControl)}`);
    if (a.expectedLoss !== null) parts.push(`expected loss ${pct(a.expectedLoss)}`);
    if (a.lift !== null)
      parts.push(
        `lift ${pct(a.lift.absolute)} [${pct(a.lift.interval.lower)}, ${pct(a.lift.interval.upper)}]`,
      );
    if (a.sequential !== null) parts.push(`sequential: ${a.sequential.verdict}`);
    process.stdout.write(`${parts.join(' · ')}\n`);
  }
  process.stdout.write(
    `sample ratio: ${r.sampleRatio.mismatch ? 'MISMATCH' : 'ok'} (p = ${r.sampleRatio.pValue.toPrecision(3)})\n`,
  );
}

/** `quire experiments ...`: holdouts and A/B tests of pages (same service as the admin API). */
export function experimentsCommand(): Command {
  const experiments = new Command('experiments').description(
    "Holdouts and A/B tests of a page's audiences, and their results (docs/experiments.md)",
  );
  experiments
    .command('list <pageId>')
    .description("A page's experiments, newest first")
    .requiredOption('--tenant <id or name>', 'the tenant the page belongs to')
    .option('--json', 'print JSON')
    .action(async (pageId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const list = await listExperiments(db, tenantId, pageId);
        if (options.json) process.stdout.write(`${JSON.stringify(list)}\n`);
        else for (const e of list.items) print(summary(e), false);
      });
    });
  experiments
    .command('create <pageId>')
    .description(
      'Start an experiment, e.g. --arms holdout:generic:10,personalised:personalised:90 --metric form',
    )
    .requiredOption('--tenant <id or name>', 'the tenant the page belongs to')
    .requiredOption('--name <name>', 'what the experiment is called')
    .requiredOption(
      '--arms <key:kind:weight,...>',
      'the arms, control first; kind is generic or personalised',
    )
    .requiredOption('--metric <metric>', 'click, form, or activity:<type> (e.g. activity:meeting-booked)')
    .option('--window <days>', 'count conversions within this many days of the first exposure')
    .option('--json', 'print JSON')
    .action(async (pageId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const body = checkInput(CreateExperimentBody, {
          name: options.name,
          arms: parseArms(options.arms ?? ''),
          metric: parseMetric(options.metric ?? '', options.window),
        });
        const e = await createExperiment(db, tenantId, pageId, body);
        print(options.json ? e : summary(e), options.json === true);
      });
    });
  experiments
    .command('show <experimentId>')
    .description('An experiment with its phases')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print JSON')
    .action(async (experimentId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const e = await getExperiment(db, tenantId, experimentId);
        print(options.json ? e : { ...summary(e), phases: e.phases.length }, options.json === true);
      });
    });
  experiments
    .command('update <experimentId>')
    .description('Rename, or change the arms or split (starts a new phase; exposed units keep their arm)')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--name <name>', 'a new name')
    .option('--arms <key:kind:weight,...>', 'the new arms, control first')
    .option('--json', 'print JSON')
    .action(async (experimentId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const body = checkInput(UpdateExperimentBody, {
          ...(options.name === undefined ? {} : { name: options.name }),
          ...(options.arms === undefined ? {} : { arms: parseArms(options.arms) }),
        });
        const e = await updateExperiment(db, tenantId, experimentId, body);
        print(options.json ? e : summary(e), options.json === true);
      });
    });
  experiments
    .command('stop <experimentId>')
    .description("Stop: every visit shows the audience's personalised version again")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print JSON')
    .action(async (experimentId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const e = await stopExperiment(db, tenantId, experimentId);
        print(options.json ? e : summary(e), options.json === true);
      });
    });
  experiments
    .command('results <experimentId>')
    .description(
      'Per arm: units, conversions, rate and interval, chance to beat control, sequential verdict, SRM',
    )
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--phase <n>', 'a phase (default: the current one)')
    .option('--json', 'print JSON (with the daily series)')
    .action(async (experimentId: string, options: Options) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, options.tenant);
        const r = await experimentResults(
          db,
          tenantId,
          experimentId,
          options.phase === undefined ? undefined : Number(options.phase),
        );
        if (options.json) process.stdout.write(`${JSON.stringify(r)}\n`);
        else printResults(r);
      });
    });
  return experiments;
}
