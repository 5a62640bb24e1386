import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { INSTANCE_TABLES, isTenantTable } from './table-kinds.js';

/**
 * On Citus (the `citus` extension is installed in the database), makes every table what
 * table-kinds.ts says it is: the instance tables that tenant tables point at become reference
 * tables (a copy on every node), and every tenant table is distributed by `tenant_id`, co-located
 * with the others, so all of one tenant's rows live on one node and a statement that filters on
 * one tenant runs on that node alone. Tables already placed are left alone, so this runs after
 * every migration (migrate.ts) and places the tables a new migration adds. Elsewhere (SQLite,
 * plain PostgreSQL) it does nothing but ask whether the extension is there.
 *
 * An existing database with data is distributed in place: Citus copies each table's rows into its
 * shards while the table is locked; docs/operations.md says how long to plan for.
 */
// biome-ignore lint/suspicious/noExplicitAny: placement works on any schema
export async function distributeOnCitus(db: Kysely<any>): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return [];
  const citus = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_extension where extname = 'citus'`.execute(db);
  if (citus.rows[0]!.n === 0) return [];
  const tables = (
    await sql<{ name: string }>`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`.execute(db)
  ).rows.map((r) => r.name);
  const placed = new Set(
    (
      await sql<{ name: string }>`select logicalrelid::regclass::text as name from pg_dist_partition`.execute(
        db,
      )
    ).rows.map((r) => r.name),
  );
  const toPlace = tables.filter(
    (t) => !placed.has(t) && (isTenantTable(t) || INSTANCE_TABLES[t]?.placement === 'reference'),
  );
  if (toPlace.length === 0) return [];
  // Foreign keys touching a table to be placed are dropped first and added back once every table
  // is placed: with a key in place, making `tenants` a reference table would turn the tables that
  // point at it into "Citus local" tables, which cannot then be distributed beside each other.
  const keys = (await foreignKeys(db)).filter((k) => toPlace.includes(k.from) || toPlace.includes(k.to));
  for (const key of keys) {
    await sql`alter table ${sql.table(key.from)} drop constraint ${sql.ref(key.name)}`.execute(db);
  }
  const done: string[] = [];
  for (const table of dependencyOrder(toPlace, keys)) {
    if (INSTANCE_TABLES[table]?.placement === 'reference') {
      await sql`select create_reference_table(${table})`.execute(db);
    } else {
      const colocated = [...placed].find((t) => isTenantTable(t));
      await sql`select create_distributed_table(${table}, 'tenant_id', colocate_with => ${colocated ?? 'default'})`.execute(
        db,
      );
    }
    placed.add(table);
    done.push(table);
  }
  for (const key of keys) {
    await sql`alter table ${sql.table(key.from)} add constraint ${sql.ref(key.name)} ${sql.raw(key.definition)}`.execute(
      db,
    );
  }
  return done;
}

// biome-ignore lint/suspicious/noExplicitAny: placement works on any schema
async function foreignKeys(db: Kysely<any>): Promise<ForeignKey[]> {
  const result = await sql<ForeignKey>`select conname as name, conrelid::regclass::text as "from",
    confrelid::regclass::text as "to", pg_get_constraintdef(oid) as definition from pg_constraint
    where contype = 'f' and connamespace = current_schema()::regnamespace`.execute(db);
  return result.rows;
}

interface ForeignKey {
  name: string;
  from: string;
  to: string;
  definition: string;
}

/** Tables in an order where every table comes after the tables its foreign keys point at. */
export function dependencyOrder(tables: string[], keys: Array<{ from: string; to: string }>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (seen.has(table) || path.has(table)) return;
    path.add(table);
    for (const key of keys) if (key.from === table && key.to !== table) visit(key.to, path);
    seen.add(table);
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table, new Set());
  return order.filter((t) => tables.includes(t));
}
