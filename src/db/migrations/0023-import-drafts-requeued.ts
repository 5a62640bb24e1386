import { type Kysely, sql } from 'kysely';

// Issue 34, follow-up (docs/imports.md): `imports.drafts_requeued`, how many audiences that already
// existed got a new version queued because the job's rows changed their person's or account's traits.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('imports')
    .addColumn('drafts_requeued', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table imports drop column drafts_requeued`.execute(db);
}
