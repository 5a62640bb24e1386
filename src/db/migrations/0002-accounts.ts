import type { Kysely } from 'kysely';

// Accounts and the two kinds of log. Same conventions as 0001: text, integer and bigint only,
// epoch-ms timestamps, JSON payloads as TEXT, primary keys that start with tenant_id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('latest_activity_at', 'bigint', (c) => c.notNull())
    .addColumn('linked_persons_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('accounts_pk', ['tenant_id', 'id'])
    // One account per domain: concurrent creates meet here (INSERT ... ON CONFLICT DO NOTHING).
    .addUniqueConstraint('accounts_domain_unique', ['tenant_id', 'domain'])
    .execute();
  // The list order, newest first; the second index serves `includeEmptyOnly=true` (count = 0).
  await db.schema
    .createIndex('accounts_newest')
    .on('accounts')
    .columns(['tenant_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('accounts_empty_newest')
    .on('accounts')
    .columns(['tenant_id', 'linked_persons_count', 'created_at desc', 'id desc'])
    .execute();

  for (const table of ['account_logs', 'person_logs'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('id', 'text', (c) => c.notNull());
    // Person logs carry their person and, denormalised, the person's account (null without one),
    // so an account's merged activity is two index range scans.
    if (table === 'person_logs') builder = builder.addColumn('person_id', 'text', (c) => c.notNull());
    builder = builder
      .addColumn('account_id', 'text', table === 'account_logs' ? (c) => c.notNull() : (c) => c)
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('request_fingerprint', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint')
      .addColumn('deleted_at', 'bigint')
      .addPrimaryKeyConstraint(`${table}_pk`, ['tenant_id', 'id'])
      // NULL keys never collide, on both dialects; a repeated key meets the unique index.
      .addUniqueConstraint(`${table}_idempotency_key_unique`, ['tenant_id', 'idempotency_key']);
    await builder.execute();
    // The activity order; keyset cursors walk it.
    await db.schema
      .createIndex(`${table}_activity`)
      .on(table)
      .columns(['tenant_id', 'account_id', 'created_at desc', 'id desc'])
      .execute();
  }
  await db.schema
    .createIndex('person_logs_person')
    .on('person_logs')
    .columns(['tenant_id', 'person_id', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('person_logs').execute();
  await db.schema.dropTable('account_logs').execute();
  await db.schema.dropTable('accounts').execute();
}
