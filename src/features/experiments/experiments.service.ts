import { createHash } from 'node:crypto';
import type { Db, Executor, ExperimentAssignmentsTable, ExperimentPhasesTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { getPage } from '../pages/pages.service.js';
import {
  findAssignment,
  findExperiment,
  findPersonAccount,
  findPhases,
  findRunningExperiment,
  insertAssignmentOnce,
  insertExperiment,
  listPageExperiments,
  renameExperiment,
  startPhase,
  stopExperiment as stopExperimentRow,
} from './experiments.repository.js';
import {
  type Arm,
  type CreateExperimentBody,
  type Experiment,
  toExperiment,
  type UpdateExperimentBody,
} from './experiments.schemas.js';

/** Experiments on hosted pages (docs/experiments.md): the operator API, `quire experiments`, MCP. */

function invalid(pointer: string, detail: string): ApiError {
  return new ApiError('validation_failed', detail, [{ pointer, detail, code: 'invalid_value' }]);
}

function checkArms(arms: Arm[]): void {
  const keys = new Set<string>();
  arms.forEach((arm, i) => {
    if (keys.has(arm.key)) throw invalid(`/arms/${i}/key`, `arm key ${arm.key} is used twice`);
    keys.add(arm.key);
  });
  if (arms.reduce((s, a) => s + a.weight, 0) <= 0)
    throw invalid('/arms', 'at least one arm needs a weight above 0');
}

function checkMetric(metric: CreateExperimentBody['metric']): void {
  if (metric.kind === 'activity' && metric.activityType === undefined)
    throw invalid('/metric/activityType', 'an activity metric names its activityType');
  if (metric.kind !== 'activity' && metric.activityType !== undefined)
    throw invalid('/metric/activityType', 'activityType is for an activity metric only');
}

async function withPhases(
  db: Executor,
  tenantId: string,
  row: NonNullable<Awaited<ReturnType<typeof findExperiment>>>,
) {
  return toExperiment(row, await findPhases(db, tenantId, [row.id]));
}

export async function createExperiment(
  db: Db,
  tenantId: string,
  pageId: string,
  body: CreateExperimentBody,
  now = Date.now(),
): Promise<Experiment> {
  const page = await getPage(db, tenantId, pageId);
  checkArms(body.arms);
  checkMetric(body.metric);
  const id = newId('experiment');
  return db.transaction().execute(async (tx) => {
    if ((await findRunningExperiment(tx, tenantId, page.id)) !== undefined)
      throw new ApiError('conflict', 'the page has a running experiment already: stop it first');
    try {
      await insertExperiment(
        tx,
        {
          tenant_id: tenantId,
          id,
          page_id: page.id,
          name: body.name,
          metric: JSON.stringify(body.metric),
          status: 'running',
          current_phase: 1,
          created_at: now,
          updated_at: now,
          stopped_at: null,
        },
        {
          tenant_id: tenantId,
          experiment_id: id,
          phase: 1,
          arms: JSON.stringify(body.arms),
          started_at: now,
          ended_at: null,
        },
      );
    } catch (error) {
      // Two creates at once: the partial unique index keeps one running experiment per page.
      if (/unique|duplicate/i.test(String(error)))
        throw new ApiError('conflict', 'the page has a running experiment already: stop it first');
      throw error;
    }
    const row = await findExperiment(tx, tenantId, id);
    return withPhases(tx, tenantId, row as NonNullable<typeof row>);
  });
}

export async function getExperiment(
  db: Executor,
  tenantId: string,
  experimentId: string,
): Promise<Experiment> {
  const row = await findExperiment(db, tenantId, experimentId);
  if (row === undefined) throw ApiError.notFound('Experiment');
  return withPhases(db, tenantId, row);
}

export async function listExperiments(
  db: Db,
  tenantId: string,
  pageId: string,
): Promise<{ items: Experiment[] }> {
  const page = await getPage(db, tenantId, pageId);
  const rows = await listPageExperiments(db, tenantId, page.id);
  const phases = await findPhases(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) =>
      toExperiment(
        r,
        phases.filter((p) => p.experiment_id === r.id),
      ),
    ),
  };
}

/**
 * Renames, and/or changes the arms or split. A change of arms or split starts a new phase: units
 * exposed before keep their arm (their assignment row names its phase), new units are split by
 * the new phase, and results are read per phase, so the phases' different splits never mix.
 */
export async function updateExperiment(
  db: Db,
  tenantId: string,
  experimentId: string,
  body: UpdateExperimentBody,
  now = Date.now(),
): Promise<Experiment> {
  if (body.arms !== undefined) checkArms(body.arms);
  return db.transaction().execute(async (tx) => {
    const row = await findExperiment(tx, tenantId, experimentId);
    if (row === undefined) throw ApiError.notFound('Experiment');
    const name = body.name ?? row.name;
    if (body.arms !== undefined) {
      if (row.status !== 'running')
        throw new ApiError('conflict', 'a stopped experiment cannot change its arms');
      const phases = await findPhases(tx, tenantId, [row.id]);
      const current = phases.find((p) => p.phase === row.current_phase);
      if (current === undefined || current.arms !== JSON.stringify(body.arms)) {
        const next: ExperimentPhasesTable = {
          tenant_id: tenantId,
          experiment_id: row.id,
          phase: row.current_phase + 1,
          arms: JSON.stringify(body.arms),
          started_at: now,
          ended_at: null,
        };
        await startPhase(tx, tenantId, row.id, row.current_phase, next, name);
      } else await renameExperiment(tx, tenantId, row.id, name, now);
    } else await renameExperiment(tx, tenantId, row.id, name, now);
    return getExperiment(tx, tenantId, row.id);
  });
}

/** Stops an experiment: every unit sees the page as it would without it (its personalised version). */
export async function stopExperiment(db: Db, tenantId: string, experimentId: string, now = Date.now()) {
  return db.transaction().execute(async (tx) => {
    const row = await findExperiment(tx, tenantId, experimentId);
    if (row === undefined) throw ApiError.notFound('Experiment');
    if (row.status === 'running') await stopExperimentRow(tx, tenantId, row.id, row.current_phase, now);
    return getExperiment(tx, tenantId, row.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Assignment

export type UnitKind = ExperimentAssignmentsTable['unit_kind'];

/** A number in [0, 1) from the experiment and the unit alone: the same in every process, every time. */
export function unitBucket(experimentId: string, unitKind: UnitKind, unitKey: string): number {
  const digest = createHash('sha256').update(`${experimentId}\u0000${unitKind}\u0000${unitKey}`).digest();
  // 48 bits: plenty of resolution for weights up to 1000 per arm.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** The arm of a bucket under a phase's weights (cumulative shares in arm order). */
export function armOfBucket(arms: Arm[], bucket: number): Arm {
  const total = arms.reduce((s, a) => s + a.weight, 0);
  let cumulative = 0;
  for (const arm of arms) {
    cumulative += arm.weight / total;
    if (arm.weight > 0 && bucket < cumulative) return arm;
  }
  // Rounding at the top end: the last arm with a weight.
  return [...arms].reverse().find((a) => a.weight > 0) as Arm;
}

export interface Unit {
  kind: UnitKind;
  key: string;
}

/** The unit of a visit to an audience: its person's account, else the person, else the visitor. */
export async function unitOfVisit(
  db: Executor,
  tenantId: string,
  personId: string | null,
  visitor: () => string,
): Promise<Unit> {
  if (personId !== null) {
    const accountId = await findPersonAccount(db, tenantId, personId);
    if (accountId) return { kind: 'account', key: accountId };
    return { kind: 'person', key: personId };
  }
  return { kind: 'visitor', key: visitor() };
}

export interface ShownArm {
  experimentId: string;
  phase: number;
  arm: Arm;
  unit: Unit;
}

/**
 * The arm a visit to an audience of a page shows, decided before the page is rendered: the arm
 * the unit was given before (in whatever phase), else the current phase's arm of its bucket.
 * `record` (a countable visit: not a bot, not internal) writes the exposure once; the row that
 * lands first wins, and both processes computed the same arm from the same hash anyway.
 */
/** The page's running experiment, or null: what armForVisit decides a visit's arm from. */
export type RunningExperiment = NonNullable<Awaited<ReturnType<typeof findRunningExperiment>>> | null;

export async function runningExperiment(
  db: Db,
  tenantId: string,
  pageId: string,
): Promise<RunningExperiment> {
  return (await findRunningExperiment(db, tenantId, pageId)) ?? null;
}

export async function armForVisit(
  db: Db,
  tenantId: string,
  pageId: string,
  audience: { id: string; personId: string | null },
  visitor: () => string,
  record: boolean,
  now = Date.now(),
  running?: RunningExperiment,
): Promise<ShownArm | null> {
  // The hosted pages pass what they read (and cache, src/features/hosted/resolve-cache.ts).
  const experiment = running === undefined ? await findRunningExperiment(db, tenantId, pageId) : running;
  if (experiment == null) return null;
  const unit = await unitOfVisit(db, tenantId, audience.personId, visitor);
  const phases = await findPhases(db, tenantId, [experiment.id]);
  const armsOf = (phase: number) => JSON.parse(phases.find((p) => p.phase === phase)?.arms ?? '[]') as Arm[];
  const shownFrom = (row: ExperimentAssignmentsTable): ShownArm | null => {
    const arm = armsOf(row.phase).find((a) => a.key === row.arm);
    return arm === undefined ? null : { experimentId: experiment.id, phase: row.phase, arm, unit };
  };
  const existing = await findAssignment(db, tenantId, experiment.id, unit.kind, unit.key);
  if (existing !== undefined) return shownFrom(existing);
  const arms = armsOf(experiment.current_phase);
  if (arms.length === 0) return null;
  const arm = armOfBucket(arms, unitBucket(experiment.id, unit.kind, unit.key));
  if (!record) return { experimentId: experiment.id, phase: experiment.current_phase, arm, unit };
  // Through writeTransaction like every write: on SQLite it waits out another process's write
  // lock (two servers on one file expose units at once) instead of failing with SQLITE_BUSY,
  // which showed the visit the page without its experiment.
  await writeTransaction(db, (tx) =>
    insertAssignmentOnce(tx, {
      tenant_id: tenantId,
      experiment_id: experiment.id,
      unit_kind: unit.kind,
      unit_key: unit.key,
      phase: experiment.current_phase,
      arm: arm.key,
      audience_id: audience.id,
      first_exposed_at: now,
    }),
  );
  const stored = await findAssignment(db, tenantId, experiment.id, unit.kind, unit.key);
  return stored === undefined ? null : shownFrom(stored);
}
