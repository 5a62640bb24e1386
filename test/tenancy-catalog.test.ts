/**
 * The rules that let the same schema distribute on Citus (docs/operations.md, "Scale-out on
 * Citus"), read from PostgreSQL's catalog after every migration: every tenant table has
 * `tenant_id`, and each of its primary keys, unique constraints, unique indexes and foreign keys
 * to other tenant tables includes it. Citus refuses any other ("Distributed relations cannot have
 * UNIQUE ... constraints that do not include the partition column"), so a new migration that breaks
 * a rule fails here, on plain PostgreSQL, in CI.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';
import { INSTANCE_TABLES, isTenantTable } from '../src/db/distribution/table-kinds.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { DIALECTS, openTestDatabase } from './harness.js';

describe('tenancy rules in the PostgreSQL catalog', {
  skip: DIALECTS.includes('postgres') ? false : 'PostgreSQL only (no test database)',
}, () => {
  let database: Database;
  before(async () => {
    database = openTestDatabase('postgres');
    await migrateToLatest(database.db);
  });
  after(() => database?.close());

  async function rows<T>(query: ReturnType<typeof sql<T>>): Promise<T[]> {
    return (await query.execute(database.db)).rows;
  }

  async function tenantTables(): Promise<string[]> {
    const tables = await rows<{ name: string }>(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`);
    return tables.map((t) => t.name).filter(isTenantTable);
  }

  it('every instance table named in table-kinds.ts exists (the list is not stale)', async () => {
    const tables = await rows<{ name: string }>(sql`select relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and relkind = 'r'`);
    const names = new Set(tables.map((t) => t.name));
    for (const table of Object.keys(INSTANCE_TABLES)) assert.ok(names.has(table), `${table} exists`);
  });

  it('every tenant table has a non-null tenant_id', async () => {
    const tables = await tenantTables();
    assert.ok(tables.length >= 20, `tenant tables found: ${tables.length}`);
    const columns = await rows<{ table: string; nullable: string }>(sql`select table_name as "table",
      is_nullable as nullable from information_schema.columns
      where table_schema = current_schema() and column_name = 'tenant_id'`);
    const byTable = new Map(columns.map((c) => [c.table, c.nullable]));
    const missing = tables.filter((t) => byTable.get(t) !== 'NO');
    assert.deepEqual(missing, [], 'tenant tables without a NOT NULL tenant_id');
  });

  it('every primary key, unique constraint and unique index of a tenant table includes tenant_id', async () => {
    const tables = new Set(await tenantTables());
    const indexes = await rows<{ table: string; index: string; columns: string[] }>(sql`select
      t.relname as "table", i.relname as index,
      array(select a.attname::text from unnest(x.indkey) as k(attnum)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and x.indisunique`);
    const offending = indexes
      .filter((i) => tables.has(i.table) && !i.columns.includes('tenant_id'))
      .map((i) => `${i.table}.${i.index} (${i.columns.join(', ')})`);
    assert.deepEqual(offending, [], 'unique indexes of tenant tables without tenant_id');
  });

  it('every foreign key between tenant tables includes tenant_id on both sides', async () => {
    const tables = new Set(await tenantTables());
    const keys = await rows<{
      table: string;
      name: string;
      target: string;
      from: string[];
      to: string[];
    }>(sql`
      select c.conrelid::regclass::text as "table", c.conname as name, c.confrelid::regclass::text as target,
        array(select a.attname::text from unnest(c.conkey) as k(n) join pg_attribute a
              on a.attrelid = c.conrelid and a.attnum = k.n) as "from",
        array(select a.attname::text from unnest(c.confkey) as k(n) join pg_attribute a
              on a.attrelid = c.confrelid and a.attnum = k.n) as "to"
      from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`);
    const offending = keys
      .filter((k) => tables.has(k.table) && tables.has(k.target))
      .filter((k) => !k.from.includes('tenant_id') || !k.to.includes('tenant_id'))
      .map((k) => `${k.table}.${k.name} -> ${k.target}`);
    assert.deepEqual(offending, [], 'foreign keys among tenant tables without tenant_id');
    const toInstance = keys
      .filter((k) => tables.has(k.table) && !tables.has(k.target))
      .filter((k) => INSTANCE_TABLES[k.target]?.placement !== 'reference')
      .map((k) => `${k.table}.${k.name} -> ${k.target}`);
    assert.deepEqual(toInstance, [], 'a tenant table may point only at a reference table of the instance');
  });
});
