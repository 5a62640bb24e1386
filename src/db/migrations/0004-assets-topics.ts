import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Assets (with their full-text index) and topics with their entries.
 *
 * Search indexes the `search_*` columns, which the repository fills with the normalised words of
 * name, tags, purpose and aiDescription (see src/features/assets/search-text.ts), so both
 * databases see exactly the same words. Only searchable assets (active and not hidden) are indexed.
 * - SQLite: an FTS5 table kept in sync by triggers in the same transaction as every write. Its
 *   rowids come from `assets_search_rowids` (an INTEGER PRIMARY KEY, which VACUUM never renumbers,
 *   unlike the implicit rowid of `assets`).
 * - PostgreSQL: a generated tsvector column with a partial GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assets')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('data_type', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('ai_description', 'text')
    .addColumn('parent_asset_id', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('lifecycle_state', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_fingerprint', 'text')
    .addColumn('search_name', 'text', (c) => c.notNull())
    .addColumn('search_tags', 'text', (c) => c.notNull())
    .addColumn('search_purpose', 'text', (c) => c.notNull())
    .addColumn('search_ai', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('trashed_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addPrimaryKeyConstraint('assets_pk', ['tenant_id', 'id'])
    // NULLs are distinct in a unique index on both databases: only given keys are unique.
    .addUniqueConstraint('assets_idempotency_key_unique', ['tenant_id', 'idempotency_key'])
    .execute();
  // Search without a query: searchable assets newest first, with or without a type filter.
  await sql`create index assets_visible_newest on assets (tenant_id, created_at desc, id desc)
    where lifecycle_state = 'active' and hidden = 0`.execute(db);
  await sql`create index assets_visible_type_newest on assets (tenant_id, data_type, created_at desc, id desc)
    where lifecycle_state = 'active' and hidden = 0`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresSearch(db);
  else await sqliteSearch(db);

  await db.schema
    .createTable('topics')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('topics_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createTable('topic_entries')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('topic_id', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_entries_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint('topic_entries_topic', ['tenant_id', 'topic_id'], 'topics', ['tenant_id', 'id'])
    .execute();
  // The listing order, walked by keyset cursors.
  await db.schema
    .createIndex('topic_entries_order')
    .on('topic_entries')
    .columns(['tenant_id', 'topic_id', 'sort_order', 'created_at', 'id'])
    .execute();
}

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets add column search_vector tsvector generated always as (
    to_tsvector('simple'::regconfig, search_name || ' ' || search_tags || ' ' || search_purpose || ' ' || search_ai)
  ) stored`.execute(db);
  await sql`create index assets_search on assets using gin (search_vector)
    where lifecycle_state = 'active' and hidden = 0`.execute(db);
}

/** Creates this migration's SQLite search index, empty (also used by 0011's `down`). */
export async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`create table assets_search_rowids (
    rowid integer primary key,
    tenant_id text not null,
    asset_id text not null,
    unique (tenant_id, asset_id)
  )`.execute(db);
  // tenant_key and kind hold one token each, so a MATCH can require the tenant and the type.
  // Contentless: the words live in the assets table; contentless_delete allows removing a row.
  await sql`create virtual table assets_fts using fts5(
    tenant_key, kind, search_name, search_tags, search_purpose, search_ai,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);
  const indexNew = sql.raw(`insert into assets_fts
      (rowid, tenant_key, kind, search_name, search_tags, search_purpose, search_ai)
    select k.rowid, replace(new.tenant_id, '_', ''), replace(new.data_type, '-', ''),
      new.search_name, new.search_tags, new.search_purpose, new.search_ai
    from assets_search_rowids k
    where k.tenant_id = new.tenant_id and k.asset_id = new.id
      and new.lifecycle_state = 'active' and new.hidden = 0;`);
  const unindexOld = sql.raw(`delete from assets_fts where rowid =
    (select rowid from assets_search_rowids where tenant_id = old.tenant_id and asset_id = old.id);`);
  await sql`create trigger assets_search_insert after insert on assets begin
    insert into assets_search_rowids (tenant_id, asset_id) values (new.tenant_id, new.id);
    ${indexNew}
  end`.execute(db);
  await sql`create trigger assets_search_update after update of
    lifecycle_state, hidden, data_type, search_name, search_tags, search_purpose, search_ai on assets begin
    ${unindexOld}
    ${indexNew}
  end`.execute(db);
  await sql`create trigger assets_search_delete after delete on assets begin
    ${unindexOld}
    delete from assets_search_rowids where tenant_id = old.tenant_id and asset_id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topic_entries').execute();
  await db.schema.dropTable('topics').execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`drop table assets_fts`.execute(db);
    await sql`drop table assets_search_rowids`.execute(db);
  }
  await db.schema.dropTable('assets').execute();
}
