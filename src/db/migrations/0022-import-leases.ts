import { type Kysely, sql } from 'kysely';

// Issue 34, follow-up (docs/imports.md):
// - `imports.lease_owner` / `lease_until`: the process applying a job holds a lease on it, renewed
//   in every batch's transaction; a job is resumed only once its lease has expired, so two workers
//   that find the same interrupted job do not both apply it.
// - `audiences_page_person`: an import looks up, for a batch of persons, their oldest live audience
//   on the page; with only (tenant_id, page_id) that read scanned every audience of the page.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('imports').addColumn('lease_until', 'bigint').execute();
  await db.schema
    .createIndex('audiences_page_person')
    .on('audiences')
    .columns(['tenant_id', 'page_id', 'person_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audiences_page_person').execute();
  await sql`alter table imports drop column lease_until`.execute(db);
  await sql`alter table imports drop column lease_owner`.execute(db);
}
