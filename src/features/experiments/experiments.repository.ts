import type {
  Executor,
  ExperimentAssignmentsTable,
  ExperimentPhasesTable,
  ExperimentsTable,
} from '../../db/schema.js';

/** Every query of experiments (src/features/experiments); tenant first, always. */

export async function insertExperiment(db: Executor, row: ExperimentsTable, phase: ExperimentPhasesTable) {
  await db.insertInto('experiments').values(row).execute();
  await db.insertInto('experiment_phases').values(phase).execute();
}

export async function findExperiment(db: Executor, tenantId: string, experimentId: string) {
  return db
    .selectFrom('experiments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', experimentId)
    .executeTakeFirst();
}

export async function findRunningExperiment(db: Executor, tenantId: string, pageId: string) {
  return db
    .selectFrom('experiments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('status', '=', 'running')
    .executeTakeFirst();
}

export async function listPageExperiments(db: Executor, tenantId: string, pageId: string) {
  return db
    .selectFrom('experiments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export async function findPhases(db: Executor, tenantId: string, experimentIds: string[]) {
  if (experimentIds.length === 0) return [];
  return db
    .selectFrom('experiment_phases')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', 'in', experimentIds)
    .orderBy('phase')
    .execute();
}

/** Ends the current phase and starts the next; the experiment row moves to it. */
export async function startPhase(
  db: Executor,
  tenantId: string,
  experimentId: string,
  previous: number,
  next: ExperimentPhasesTable,
  name: string,
) {
  await db
    .updateTable('experiment_phases')
    .set({ ended_at: next.started_at })
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', '=', experimentId)
    .where('phase', '=', previous)
    .execute();
  await db.insertInto('experiment_phases').values(next).execute();
  await db
    .updateTable('experiments')
    .set({ current_phase: next.phase, name, updated_at: next.started_at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', experimentId)
    .execute();
}

export async function renameExperiment(
  db: Executor,
  tenantId: string,
  experimentId: string,
  name: string,
  now: number,
) {
  await db
    .updateTable('experiments')
    .set({ name, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', experimentId)
    .execute();
}

export async function stopExperiment(
  db: Executor,
  tenantId: string,
  experimentId: string,
  phase: number,
  now: number,
) {
  await db
    .updateTable('experiments')
    .set({ status: 'stopped', stopped_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', experimentId)
    .execute();
  await db
    .updateTable('experiment_phases')
    .set({ ended_at: now })
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', '=', experimentId)
    .where('phase', '=', phase)
    .execute();
}

export async function findAssignment(
  db: Executor,
  tenantId: string,
  experimentId: string,
  unitKind: ExperimentAssignmentsTable['unit_kind'],
  unitKey: string,
) {
  return db
    .selectFrom('experiment_assignments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', '=', experimentId)
    .where('unit_kind', '=', unitKind)
    .where('unit_key', '=', unitKey)
    .executeTakeFirst();
}

/** Records an exposure unless the unit has one already (the primary key decides between processes). */
export async function insertAssignmentOnce(db: Executor, row: ExperimentAssignmentsTable): Promise<void> {
  await db
    .insertInto('experiment_assignments')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'experiment_id', 'unit_kind', 'unit_key']).doNothing())
    .execute();
}

export async function listAssignments(db: Executor, tenantId: string, experimentId: string, phase: number) {
  return db
    .selectFrom('experiment_assignments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('experiment_id', '=', experimentId)
    .where('phase', '=', phase)
    .execute();
}

/** The account of a person (the unit of an account-based experiment). */
export async function findPersonAccount(db: Executor, tenantId: string, personId: string) {
  const row = await db
    .selectFrom('persons')
    .select('account_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', personId)
    .executeTakeFirst();
  return row === undefined ? undefined : row.account_id;
}

/** The page's audiences with their person and its account: how an event maps to its unit. */
export async function pageAudienceUnits(db: Executor, tenantId: string, pageId: string) {
  return db
    .selectFrom('audiences')
    .leftJoin('persons', (j) =>
      j
        .onRef('persons.tenant_id', '=', 'audiences.tenant_id')
        .onRef('persons.id', '=', 'audiences.person_id'),
    )
    .select(['audiences.id as audience_id', 'audiences.person_id', 'persons.account_id'])
    .where('audiences.tenant_id', '=', tenantId)
    .where('audiences.page_id', '=', pageId)
    .execute();
}

export async function pageClicksSince(db: Executor, tenantId: string, pageId: string, since: number) {
  return db
    .selectFrom('page_events')
    .select(['audience_id', 'visitor_hash', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('kind', '=', 'click')
    .where('created_at', '>=', since)
    .execute();
}

/** The page's form submissions since a time, test submissions left out. */
export async function pageSubmissionsSince(db: Executor, tenantId: string, pageId: string, since: number) {
  return db
    .selectFrom('form_submissions')
    .select(['audience_id', 'person_id', 'account_id', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('page_id', '=', pageId)
    .where('test', '=', 0)
    .where('created_at', '>=', since)
    .execute();
}

/** Live logs of one type on accounts' and persons' timelines since a time. */
export async function activitySince(db: Executor, tenantId: string, type: string, since: number) {
  const accounts = await db
    .selectFrom('account_logs')
    .select(['account_id', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('type', '=', type)
    .where('deleted_at', 'is', null)
    .where('created_at', '>=', since)
    .execute();
  const persons = await db
    .selectFrom('person_logs')
    .select(['person_id', 'account_id', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('type', '=', type)
    .where('deleted_at', 'is', null)
    .where('created_at', '>=', since)
    .execute();
  return { accounts, persons };
}
