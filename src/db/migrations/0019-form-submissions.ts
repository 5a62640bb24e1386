import { type Kysely, sql } from 'kysely';

// Issue 32, forms on hosted pages:
// - `form_submissions`: one row per lead a page's form captured (docs/forms.md). `token_key` (the
//   hash of the signed form token) is unique per tenant: a token makes one submission, so a double
//   submit or a retried POST finds the first row instead of making a second lead, whatever the
//   number of parallel requests (the index decides, not a read).
// - persons are found by email within a tenant, case-insensitively: an index on lower(email).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text')
    .addColumn('block_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('person_log_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('consent', 'text')
    .addColumn('utm', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text')
    .addColumn('proven', 'integer', (c) => c.notNull())
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_submissions_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('form_submissions_token')
    .on('form_submissions')
    .columns(['tenant_id', 'token_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('form_submissions_page')
    .on('form_submissions')
    .columns(['tenant_id', 'page_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('form_submissions_person')
    .on('form_submissions')
    .columns(['tenant_id', 'person_id'])
    .execute();
  await sql`create index persons_email on persons (tenant_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('persons_email').execute();
  await db.schema.dropTable('form_submissions').execute();
}
