import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { sqliteSearch } from './0004-assets-topics.js';

/**
 * SQLite's asset search index becomes tenant-scoped, and keeps its scoring columns by rowid.
 * PostgreSQL is unchanged.
 *
 * Until now, `assets_fts` held plain words plus one tenant token per row, so every search
 * intersected its words' doclists, which hold every tenant's assets, with the tenant's token,
 * which holds every asset of the tenant. A tenant of 1,000 assets paid for a neighbour of 100,000,
 * and a large tenant paid for its own size twice. Scoring then read each match's row in `assets`
 * through the (tenant_id, id) primary key.
 *
 * Now:
 * - Each tenant with assets gets a number in `search_tenant_keys`, and every indexed word is
 *   stored with the tenant's key in front: `t0000002a` + `pricing` is the term `t0000002apricing`.
 *   A word's doclist therefore holds its tenant's assets only, and a search needs no tenant token.
 *   The key has a fixed width (`t` + 8 hex digits), so no key followed by a word can spell
 *   another key followed by another word, and so that the prefix indexes line up: 11, 12 and 13
 *   characters are the first 2, 3 and 4 characters of a word (4 as well, because a two-word query
 *   typed as you go ends with a 4-letter prefix often, and merging every term of such a prefix
 *   was the slowest part of a search).
 * - `assets_search` replaces `assets_search_rowids`: the same stable INTEGER PRIMARY KEY (the FTS
 *   rowid, kept across this migration) plus the creation time and the four normalised fields, so
 *   ranking reads the matches by rowid and `assets` is read for the page's rows alone. This
 *   duplicates the `search_*` columns on SQLite (about 250 bytes per asset); PostgreSQL needs
 *   them in `assets` for its generated tsvector.
 *
 * Triggers keep both in the same transaction as every write to `assets`, as before.
 */

/** The tenant key of a `search_tenant_keys` row, as stored in front of every indexed word. */
const KEY_OF = (tenantIdExpr: string) =>
  `(select printf('t%08x', key) from search_tenant_keys where tenant_id = ${tenantIdExpr})`;

/** ' w1 w2 ' becomes ' KEYw1 KEYw2' (an empty field, ' ', becomes ''). */
const scoped = (column: string, key: string) => `replace(rtrim(${column}), ' ', ' ' || ${key})`;

/** Indexes the asset `new` (if searchable) under its `assets_search` rowid. */
const INDEX_NEW = `insert into assets_search_fts
      (rowid, kind, search_name, search_tags, search_purpose, search_ai)
    select s.rowid, k.key || replace(new.data_type, '-', ''),
      ${scoped('s.search_name', 'k.key')}, ${scoped('s.search_tags', 'k.key')},
      ${scoped('s.search_purpose', 'k.key')}, ${scoped('s.search_ai', 'k.key')}
    from assets_search s, (select ${KEY_OF('new.tenant_id')} as key) k
    where s.tenant_id = new.tenant_id and s.asset_id = new.id
      and new.lifecycle_state = 'active' and new.hidden = 0;`;

const UNINDEX_OLD = `delete from assets_search_fts where rowid =
    (select rowid from assets_search where tenant_id = old.tenant_id and asset_id = old.id);`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of ['assets_search_insert', 'assets_search_update', 'assets_search_delete'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table assets_fts`.execute(db);

  // AUTOINCREMENT: a deleted tenant's number is never given to another tenant.
  await sql`create table search_tenant_keys (
    key integer primary key autoincrement,
    tenant_id text not null unique
  )`.execute(db);
  await sql`insert into search_tenant_keys (tenant_id)
    select distinct tenant_id from assets order by tenant_id`.execute(db);
  await sql`create trigger search_tenant_keys_delete after delete on tenants begin
    delete from search_tenant_keys where tenant_id = old.id;
  end`.execute(db);

  await sql`create table assets_search (
    rowid integer primary key,
    tenant_id text not null,
    asset_id text not null,
    created_at bigint not null,
    search_name text not null,
    search_tags text not null,
    search_purpose text not null,
    search_ai text not null,
    unique (tenant_id, asset_id)
  )`.execute(db);
  await sql`insert into assets_search
      (rowid, tenant_id, asset_id, created_at, search_name, search_tags, search_purpose, search_ai)
    select k.rowid, a.tenant_id, a.id, a.created_at, a.search_name, a.search_tags, a.search_purpose, a.search_ai
    from assets_search_rowids k join assets a on a.tenant_id = k.tenant_id and a.id = k.asset_id`.execute(db);
  await sql`drop table assets_search_rowids`.execute(db);

  // kind holds one token (tenant key + type), so a MATCH can require the type.
  // Contentless: the words live in assets_search; contentless_delete allows removing a row.
  await sql`create virtual table assets_search_fts using fts5(
    kind, search_name, search_tags, search_purpose, search_ai,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='11 12 13'
  )`.execute(db);
  await sql`insert into assets_search_fts (rowid, kind, search_name, search_tags, search_purpose, search_ai)
    select s.rowid, k.key || replace(a.data_type, '-', ''),
      ${sql.raw(scoped('s.search_name', 'k.key'))}, ${sql.raw(scoped('s.search_tags', 'k.key'))},
      ${sql.raw(scoped('s.search_purpose', 'k.key'))}, ${sql.raw(scoped('s.search_ai', 'k.key'))}
    from assets_search s
    join assets a on a.tenant_id = s.tenant_id and a.id = s.asset_id
    join (select tenant_id, printf('t%08x', key) as key from search_tenant_keys) k on k.tenant_id = s.tenant_id
    where a.lifecycle_state = 'active' and a.hidden = 0`.execute(db);

  await sql`create trigger assets_search_insert after insert on assets begin
    insert or ignore into search_tenant_keys (tenant_id) values (new.tenant_id);
    insert into assets_search
        (tenant_id, asset_id, created_at, search_name, search_tags, search_purpose, search_ai)
      values (new.tenant_id, new.id, new.created_at,
        new.search_name, new.search_tags, new.search_purpose, new.search_ai);
    ${sql.raw(INDEX_NEW)}
  end`.execute(db);
  await sql`create trigger assets_search_update after update of
    lifecycle_state, hidden, data_type, created_at, search_name, search_tags, search_purpose, search_ai
    on assets begin
    ${sql.raw(UNINDEX_OLD)}
    update assets_search set created_at = new.created_at, search_name = new.search_name,
        search_tags = new.search_tags, search_purpose = new.search_purpose, search_ai = new.search_ai
      where tenant_id = new.tenant_id and asset_id = new.id;
    ${sql.raw(INDEX_NEW)}
  end`.execute(db);
  await sql`create trigger assets_search_delete after delete on assets begin
    ${sql.raw(UNINDEX_OLD)}
    delete from assets_search where tenant_id = old.tenant_id and asset_id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of [
    'assets_search_insert',
    'assets_search_update',
    'assets_search_delete',
    'search_tenant_keys_delete',
  ])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table assets_search_fts`.execute(db);
  await sql`drop table search_tenant_keys`.execute(db);
  // Migration 0004's index, refilled under the same rowids.
  await sqliteSearch(db);
  await sql`insert into assets_search_rowids (rowid, tenant_id, asset_id)
    select rowid, tenant_id, asset_id from assets_search`.execute(db);
  await sql`drop table assets_search`.execute(db);
  await sql`insert into assets_fts (rowid, tenant_key, kind, search_name, search_tags, search_purpose, search_ai)
    select k.rowid, replace(a.tenant_id, '_', ''), replace(a.data_type, '-', ''),
      a.search_name, a.search_tags, a.search_purpose, a.search_ai
    from assets_search_rowids k join assets a on a.tenant_id = k.tenant_id and a.id = k.asset_id
    where a.lifecycle_state = 'active' and a.hidden = 0`.execute(db);
}
