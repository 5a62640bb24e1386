import type { Kysely } from 'kysely';

// Issue 34, target-list imports (docs/imports.md):
// - `imports`: one row per import job of a page: its status, counters and, while it runs, the file
//   itself (`source`, cleared when the job ends: the file holds personal data the persons and
//   accounts tables already keep, and a person's erasure must not leave a copy behind).
//   `next_line` is the first data line not yet applied, moved in the same transaction as the row's
//   writes, so a job resumed after a crash neither skips nor repeats a row.
// - `import_rejects`: every refused row, by line and column, with the reason (never the value).
// - `import_rows`: the audience each good row of a job gave (created or matched): what the review
//   list, the bulk publish and the URL export read.
// - `import_targets`: per page, the audience of a person (`person:<id>`) or of an account
//   (`account:<id>`) made by an import; a later import of the same person or account finds it here
//   instead of making a second one. Its primary key decides under concurrent imports.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('rows_total', 'integer', (c) => c.notNull())
    .addColumn('next_line', 'integer', (c) => c.notNull())
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('persons_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('persons_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accounts_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accounts_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audiences_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejects_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addPrimaryKeyConstraint('imports_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('imports_page')
    .on('imports')
    .columns(['tenant_id', 'page_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('imports_status').on('imports').columns(['status', 'tenant_id']).execute();
  await db.schema
    .createTable('import_rejects')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('column_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rejects_pk', ['tenant_id', 'import_id', 'line', 'column_name'])
    .execute();
  await db.schema
    .createTable('import_rows')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rows_pk', ['tenant_id', 'import_id', 'line'])
    .execute();
  await db.schema
    .createIndex('import_rows_audience')
    .on('import_rows')
    .columns(['tenant_id', 'audience_id'])
    .execute();
  await db.schema
    .createTable('import_targets')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('target_key', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_targets_pk', ['tenant_id', 'page_id', 'target_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_targets').execute();
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('import_rejects').execute();
  await db.schema.dropTable('imports').execute();
}
