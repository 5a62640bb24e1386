import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { toIso } from '../../time.js';
import {
  activitySince,
  findExperiment,
  findPhases,
  listAssignments,
  pageAudienceUnits,
  pageClicksSince,
  pageSubmissionsSince,
} from './experiments.repository.js';
import type { Arm, ExperimentResults, Metric } from './experiments.schemas.js';
import {
  armSummary,
  bayesianComparison,
  liftEstimate,
  sampleRatioCheck,
  sequentialTest,
  wilsonInterval,
} from './statistics/index.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
/** Activity metrics count within this many days of the first exposure unless the metric says. */
export const DEFAULT_ACTIVITY_WINDOW_DAYS = 30;

export interface UnitOutcome {
  arm: string;
  exposedAt: number;
  /** When the unit first converted after its exposure (within the window), else null. */
  convertedAt: number | null;
}

/**
 * The results of one phase from its units' outcomes: pure, so the simulation
 * (scripts/simulate-experiment.ts) and the API compute them the same way.
 */
export function computeResults(
  arms: Arm[],
  outcomes: UnitOutcome[],
  {
    startedAt,
    until,
    sequentialTuningUnits,
  }: { startedAt: number; until: number; sequentialTuningUnits?: number },
): Pick<ExperimentResults, 'arms' | 'sampleRatio' | 'daily'> {
  const control = arms[0] as Arm;
  const countsAt = (key: string, at: number) => {
    let units = 0;
    let conversions = 0;
    for (const o of outcomes) {
      if (o.arm !== key || o.exposedAt >= at) continue;
      units++;
      if (o.convertedAt !== null && o.convertedAt < at) conversions++;
    }
    return { units, conversions };
  };
  const end = until + 1;
  const tuning = sequentialTuningUnits ?? Math.max(100, outcomes.length);
  const controlCounts = countsAt(control.key, end);
  const armResults = arms.map((arm, i) => {
    const counts = countsAt(arm.key, end);
    const summary = armSummary(counts);
    if (i === 0) {
      return {
        key: arm.key,
        kind: arm.kind,
        weight: arm.weight,
        control: true,
        ...summary,
        chanceToBeatControl: null,
        expectedLoss: null,
        lift: null,
        sequential: null,
      };
    }
    const bayes = bayesianComparison(controlCounts, counts);
    const lift = liftEstimate(controlCounts, counts);
    const seq = sequentialTest(controlCounts, counts, { tuningUnits: tuning });
    return {
      key: arm.key,
      kind: arm.kind,
      weight: arm.weight,
      control: false,
      ...summary,
      chanceToBeatControl: bayes.chanceToBeatControl,
      expectedLoss: bayes.expectedLossTreatment,
      lift,
      sequential: { verdict: seq.verdict, interval: seq.interval, alpha: seq.alpha },
    };
  });
  const srm = sampleRatioCheck(
    armResults.map((a) => a.units),
    arms.map((a) => a.weight),
  );
  const daily: ExperimentResults['daily'] = [];
  const firstDay = Math.floor(startedAt / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(until / DAY_MS) * DAY_MS;
  const from = Math.max(firstDay, lastDay - (MAX_DAYS - 1) * DAY_MS);
  for (let day = from; day <= lastDay; day += DAY_MS) {
    const at = Math.min(day + DAY_MS, end);
    const c = countsAt(control.key, at);
    daily.push({
      date: toIso(day).slice(0, 10),
      arms: arms.map((arm, i) => {
        const counts = i === 0 ? c : countsAt(arm.key, at);
        return {
          key: arm.key,
          ...counts,
          interval: wilsonInterval(counts),
          chanceToBeatControl: i === 0 ? null : bayesianComparison(c, counts, 801).chanceToBeatControl,
        };
      }),
    });
  }
  return {
    arms: armResults,
    sampleRatio: { chiSquare: srm.chiSquare, pValue: srm.pValue, mismatch: srm.mismatch },
    daily,
  };
}

/** Results of a phase of an experiment (the current one by default), per unit, internal traffic left out. */
export async function experimentResults(
  db: Db,
  tenantId: string,
  experimentId: string,
  phaseNumber?: number,
  now = Date.now(),
): Promise<ExperimentResults> {
  const experiment = await findExperiment(db, tenantId, experimentId);
  if (experiment === undefined) throw ApiError.notFound('Experiment');
  const phases = await findPhases(db, tenantId, [experiment.id]);
  const number = phaseNumber ?? experiment.current_phase;
  const phase = phases.find((p) => p.phase === number);
  if (phase === undefined) throw ApiError.invalidField('/phase', `the experiment has no phase ${number}`);
  const arms = JSON.parse(phase.arms) as Arm[];
  const metric = JSON.parse(experiment.metric) as Metric;
  const assignments = await listAssignments(db, tenantId, experiment.id, phase.phase);
  const since = Number(phase.started_at);
  const until = phase.ended_at === null ? now : Math.max(Number(phase.ended_at), now);

  // Every event of the metric, keyed by the unit it belongs to: `kind:key` -> times.
  const times = new Map<string, number[]>();
  const add = (unit: string, at: number) => {
    const list = times.get(unit);
    if (list === undefined) times.set(unit, [at]);
    else list.push(at);
  };
  const audienceUnits = new Map<string, { person: string | null; account: string | null }>();
  for (const a of await pageAudienceUnits(db, tenantId, experiment.page_id)) {
    audienceUnits.set(a.audience_id, { person: a.person_id, account: a.account_id ?? null });
  }
  const addForAudience = (audienceId: string, at: number) => {
    const u = audienceUnits.get(audienceId);
    if (u?.account) add(`account:${u.account}`, at);
    if (u?.person) add(`person:${u.person}`, at);
  };
  if (metric.kind === 'click') {
    for (const e of await pageClicksSince(db, tenantId, experiment.page_id, since)) {
      const at = Number(e.created_at);
      addForAudience(e.audience_id, at);
      add(`visitor:${e.visitor_hash}`, at);
    }
  } else if (metric.kind === 'form') {
    for (const s of await pageSubmissionsSince(db, tenantId, experiment.page_id, since)) {
      const at = Number(s.created_at);
      addForAudience(s.audience_id, at);
      if (s.account_id) add(`account:${s.account_id}`, at);
      add(`person:${s.person_id}`, at);
    }
  } else {
    const logs = await activitySince(db, tenantId, metric.activityType ?? '', since);
    for (const l of logs.accounts) add(`account:${l.account_id}`, Number(l.created_at));
    for (const l of logs.persons) {
      const at = Number(l.created_at);
      add(`person:${l.person_id}`, at);
      if (l.account_id) add(`account:${l.account_id}`, at);
    }
  }
  const windowDays = metric.windowDays ?? (metric.kind === 'activity' ? DEFAULT_ACTIVITY_WINDOW_DAYS : null);
  const outcomes: UnitOutcome[] = assignments.map((a) => {
    const exposedAt = Number(a.first_exposed_at);
    const limit = windowDays === null ? Number.POSITIVE_INFINITY : exposedAt + windowDays * DAY_MS;
    let convertedAt: number | null = null;
    for (const t of times.get(`${a.unit_kind}:${a.unit_key}`) ?? []) {
      if (t >= exposedAt && t <= limit && (convertedAt === null || t < convertedAt)) convertedAt = t;
    }
    return { arm: a.arm, exposedAt, convertedAt };
  });
  return {
    experimentId: experiment.id,
    phase: phase.phase,
    metric,
    ...computeResults(arms, outcomes, { startedAt: since, until }),
  };
}
