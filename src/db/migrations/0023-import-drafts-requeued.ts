import { type Kysely, sql } from 'kysely';

// Issue 34, follow-up (docs/imports.md):
// - `imports.drafts_requeued`: how many audiences that already existed got a new version queued
//   because the job's rows changed their person's or account's traits.
// - `import_rows_import_audience`: the engagement view lists each audience of a job once, at its
//   first line ("no earlier line of this job names it"); with only the primary key (tenant_id,
//   import_id, line) that check walked every earlier line of the job, for every line.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('imports')
    .addColumn('drafts_requeued', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('import_rows_import_audience')
    .on('import_rows')
    .columns(['tenant_id', 'import_id', 'audience_id', 'line'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('import_rows_import_audience').execute();
  await sql`alter table imports drop column drafts_requeued`.execute(db);
}
