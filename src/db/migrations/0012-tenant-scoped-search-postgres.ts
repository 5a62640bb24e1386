import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL's asset search index becomes tenant-scoped, as SQLite's did in 0011. SQLite is
 * unchanged.
 *
 * `search_vector` held plain words, so the GIN posting list of a word held every tenant's assets
 * and each search read (and rechecked) its neighbours' matches before filtering on `tenant_id`.
 * Now every lexeme carries a key derived from the tenant id in front of the word:
 * `k` + the first 8 hex digits of md5(tenant_id), a fixed width, so a key followed by a word never
 * spells another key followed by another word. Two tenants whose keys collide (one chance in 4
 * billion per pair) only share posting lists: every search still filters on `tenant_id`.
 *
 * The vector is built from the normalised words without PostgreSQL's text parser
 * (`array_to_tsvector`), and the query side casts to `tsquery` without it too, so both sides hold
 * exactly the words of src/features/assets/search-text.ts, whatever the database's locale.
 */
/** The key of the tenant whose id is in `column` (assets-search.repository.ts computes the same). */
const tenantKey = (column: string) => `('k' || left(md5(${column}), 8))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index assets_search`.execute(db);
  await sql`alter table assets drop column search_vector`.execute(db);
  await sql`alter table assets add column search_vector tsvector generated always as (
    array_to_tsvector(array_remove(string_to_array(
      regexp_replace(search_name || search_tags || search_purpose || search_ai,
        '(\\S+)', ${sql.raw(tenantKey('tenant_id'))} || '\\1', 'g'),
      ' '), ''))
  ) stored`.execute(db);
  await sql`create index assets_search on assets using gin (search_vector)
    where lifecycle_state = 'active' and hidden = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index assets_search`.execute(db);
  await sql`alter table assets drop column search_vector`.execute(db);
  await sql`alter table assets add column search_vector tsvector generated always as (
    to_tsvector('simple'::regconfig, search_name || ' ' || search_tags || ' ' || search_purpose || ' ' || search_ai)
  ) stored`.execute(db);
  await sql`create index assets_search on assets using gin (search_vector)
    where lifecycle_state = 'active' and hidden = 0`.execute(db);
}
