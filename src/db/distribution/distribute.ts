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
  const references = await foreignKeys(db);
  const done: string[] = [];
  const order = dependencyOrder(tables, references);
  for (const table of order) {
    if (placed.has(table)) continue;
    const kind = INSTANCE_TABLES[table];
    if (kind?.placement === 'coordinator') continue;
    if (kind?.placement === 'reference') {
      await sql`select create_reference_table(${table})`.execute(db);
    } else if (isTenantTable(table)) {
      const colocated = [...placed].find((t) => isTenantTable(t) && t !== table);
      await sql`select create_distributed_table(${table}, 'tenant_id', colocate_with => ${colocated ?? 'default'})`.execute(
        db,
      );
    }
    placed.add(table);
    done.push(table);
  }
  return done;
}

// biome-ignore lint/suspicious/noExplicitAny: placement works on any schema
async function foreignKeys(db: Kysely<any>): Promise<Array<{ from: string; to: string }>> {
  const result = await sql<{ from: string; to: string }>`select conrelid::regclass::text as "from",
    confrelid::regclass::text as "to" from pg_constraint
    where contype = 'f' and connamespace = current_schema()::regnamespace`.execute(db);
  return result.rows;
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
