import type { Kysely } from 'kysely';

// Migrations are written once for both dialects with Kysely's schema builder, using only types
// both understand: text, integer, bigint. See src/db/schema.ts for the conventions.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_tenant').on('api_keys').columns(['tenant_id']).execute();

  await db.schema
    .createTable('counters')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('counters_pk', ['tenant_id', 'name'])
    .execute();

  await db.schema
    .createTable('persons')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('domain', 'text')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('linkedin_profile_url', 'text')
    .addColumn('account_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('persons_pk', ['tenant_id', 'id'])
    .addUniqueConstraint('persons_slug_unique', ['tenant_id', 'slug'])
    .execute();
  // The list order: newest first, id as the tie-breaker; keyset cursors walk this index.
  await db.schema
    .createIndex('persons_newest')
    .on('persons')
    .columns(['tenant_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('persons_account').on('persons').columns(['tenant_id', 'account_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('persons').execute();
  await db.schema.dropTable('counters').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('tenants').execute();
}
