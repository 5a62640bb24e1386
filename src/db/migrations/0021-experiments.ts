import { type Kysely, sql } from 'kysely';

// Issue 35, experiments on hosted pages (docs/experiments.md):
// - `experiments`: one per page test; at most one running per page (a partial unique index).
// - `experiment_phases`: the arms and split of each phase; changing them starts a new phase and
//   never touches earlier phases' rows.
// - `experiment_assignments`: the exposure, one row per unit and experiment (the primary key
//   decides when two processes expose the same unit at once): its arm and the phase that assigned
//   it, kept for good, so a unit never sees two arms.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('experiments')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_phase', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('stopped_at', 'bigint')
    .addPrimaryKeyConstraint('experiments_pk', ['tenant_id', 'id'])
    .execute();
  await sql`create unique index experiments_running_page on experiments (tenant_id, page_id) where status = 'running'`.execute(
    db,
  );
  await db.schema
    .createIndex('experiments_page')
    .on('experiments')
    .columns(['tenant_id', 'page_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('experiment_phases')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('phase', 'integer', (c) => c.notNull())
    .addColumn('arms', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addPrimaryKeyConstraint('experiment_phases_pk', ['tenant_id', 'experiment_id', 'phase'])
    .execute();
  await db.schema
    .createTable('experiment_assignments')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('experiment_id', 'text', (c) => c.notNull())
    .addColumn('unit_kind', 'text', (c) => c.notNull())
    .addColumn('unit_key', 'text', (c) => c.notNull())
    .addColumn('phase', 'integer', (c) => c.notNull())
    .addColumn('arm', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('first_exposed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_assignments_pk', [
      'tenant_id',
      'experiment_id',
      'unit_kind',
      'unit_key',
    ])
    .execute();
  await db.schema
    .createIndex('experiment_assignments_phase')
    .on('experiment_assignments')
    .columns(['tenant_id', 'experiment_id', 'phase', 'first_exposed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('experiment_assignments').execute();
  await db.schema.dropTable('experiment_phases').execute();
  await db.schema.dropTable('experiments').execute();
}
