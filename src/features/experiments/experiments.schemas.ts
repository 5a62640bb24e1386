import { type Static, Type } from 'typebox';
import type { ExperimentPhasesTable, ExperimentsTable } from '../../db/schema.js';
import { Count, KEBAB_CASE, NullableTimestamp, PathId, Timestamp } from '../../http/common.schemas.js';
import { toIso } from '../../time.js';

/** What an arm shows: the audience's published (personalised) version, or the page's generic content. */
export const ArmKind = Type.Union([Type.Literal('personalised'), Type.Literal('generic')]);

export const Arm = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 40,
      pattern: KEBAB_CASE,
      description: 'e.g. `holdout`, `personalised`.',
    }),
    kind: ArmKind,
    weight: Type.Integer({
      minimum: 0,
      maximum: 1000,
      description:
        "The arm's share of new units is its weight over the sum of the weights (90 and 10: a 10 % holdout).",
    }),
  },
  { additionalProperties: false },
);
export type Arm = Static<typeof Arm>;

export const Arms = Type.Array(Arm, {
  minItems: 2,
  maxItems: 4,
  description: 'The first arm is the control every other arm is compared with.',
});

export const Metric = Type.Object(
  {
    kind: Type.Union([Type.Literal('click'), Type.Literal('form'), Type.Literal('activity')], {
      description:
        "`click`: a click on one of the page's buttons; `form`: a form submission on the page (test submissions never count); " +
        "`activity`: a log of `activityType` on the account's (or person's) timeline.",
    }),
    activityType: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'e.g. `meeting-booked`; for `activity`.' }),
    ),
    windowDays: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 365,
        description: "Counted within this many days of the unit's first exposure (activity: 30 when absent).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type Metric = Static<typeof Metric>;

export const CreateExperimentBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    arms: Arms,
    metric: Metric,
  },
  { additionalProperties: false },
);
export type CreateExperimentBody = Static<typeof CreateExperimentBody>;

export const UpdateExperimentBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    arms: Type.Optional(Arms),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateExperimentBody = Static<typeof UpdateExperimentBody>;

export const Phase = Type.Object({
  phase: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  arms: Type.Array(Arm),
  startedAt: Timestamp,
  endedAt: NullableTimestamp,
});

export const Experiment = Type.Object(
  {
    experimentId: Type.String(),
    pageId: Type.String(),
    name: Type.String(),
    metric: Metric,
    status: Type.Union([Type.Literal('running'), Type.Literal('stopped')]),
    phase: Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      description: 'The current phase: changing the arms or split starts a new one.',
    }),
    arms: Type.Array(Arm, { description: "The current phase's arms." }),
    phases: Type.Array(Phase),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    stoppedAt: NullableTimestamp,
  },
  { title: 'Experiment' },
);
export type Experiment = Static<typeof Experiment>;

export const ExperimentList = Type.Object({ items: Type.Array(Experiment) });

export const AdminPagePath = Type.Object({ tenant: PathId, page_id: PathId });
export const AdminExperimentPath = Type.Object({ tenant: PathId, experiment_id: PathId });
export const ResultsQuery = Type.Object(
  {
    phase: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Default: the current phase.' }),
    ),
  },
  { additionalProperties: false },
);

const IntervalSchema = Type.Object({ lower: Type.Number(), upper: Type.Number() });

export const ArmResult = Type.Object({
  key: Type.String(),
  kind: ArmKind,
  weight: Type.Integer({ minimum: 0, maximum: 1000 }),
  control: Type.Boolean(),
  units: Count,
  conversions: Count,
  rate: Type.Number(),
  interval: Type.Object(
    { lower: Type.Number(), upper: Type.Number() },
    { description: 'Wilson 95 % interval of the rate.' },
  ),
  chanceToBeatControl: Type.Union([Type.Number(), Type.Null()], {
    description: 'Bayesian, Beta(1, 1) prior; null for the control.',
  }),
  expectedLoss: Type.Union([Type.Number(), Type.Null()], {
    description: 'The rate lost on average by choosing this arm over the control; null for the control.',
  }),
  lift: Type.Union([
    Type.Object({
      absolute: Type.Number(),
      relative: Type.Union([Type.Number(), Type.Null()]),
      interval: IntervalSchema,
    }),
    Type.Null(),
  ]),
  sequential: Type.Union([
    Type.Object({
      verdict: Type.Union([
        Type.Literal('treatment-better'),
        Type.Literal('control-better'),
        Type.Literal('inconclusive'),
      ]),
      interval: IntervalSchema,
      alpha: Type.Number(),
    }),
    Type.Null(),
  ]),
});

export const DailyPoint = Type.Object({
  date: Type.String({ format: 'date' }),
  arms: Type.Array(
    Type.Object({
      key: Type.String(),
      units: Count,
      conversions: Count,
      interval: IntervalSchema,
      chanceToBeatControl: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
});

export const ExperimentResults = Type.Object(
  {
    experimentId: Type.String(),
    phase: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    metric: Metric,
    arms: Type.Array(ArmResult),
    sampleRatio: Type.Object({
      chiSquare: Type.Number(),
      pValue: Type.Number(),
      mismatch: Type.Boolean({
        description: 'p < 0.001: the units do not follow the split; assignment is broken.',
      }),
    }),
    daily: Type.Array(DailyPoint, {
      description: 'Cumulative per UTC day since the phase started (at most 366 days).',
    }),
  },
  { title: 'ExperimentResults' },
);
export type ExperimentResults = Static<typeof ExperimentResults>;

export function toExperiment(row: ExperimentsTable, phases: ExperimentPhasesTable[]): Experiment {
  const current = phases.find((p) => p.phase === row.current_phase);
  return {
    experimentId: row.id,
    pageId: row.page_id,
    name: row.name,
    metric: JSON.parse(row.metric),
    status: row.status,
    phase: row.current_phase,
    arms: current === undefined ? [] : JSON.parse(current.arms),
    phases: phases.map((p) => ({
      phase: p.phase,
      arms: JSON.parse(p.arms),
      startedAt: toIso(Number(p.started_at)),
      endedAt: p.ended_at === null ? null : toIso(Number(p.ended_at)),
    })),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
    stoppedAt: row.stopped_at === null ? null : toIso(Number(row.stopped_at)),
  };
}
