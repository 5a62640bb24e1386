import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL: the uniqueness of an event's stream position is kept per tenant,
 * `(tenant_id, position)`, so the events table follows the rule every tenant table follows (each
 * unique index includes `tenant_id`) and distributes on Citus (docs/operations.md). Positions stay
 * unique across tenants by construction: one sequencer hands them out under a row lock
 * (src/events/sequencer.ts). The cross-tenant readers (the stream's poller, the fan-out) keep
 * their plain index on `position`. SQLite is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index events_position`.execute(db);
  await sql`create index events_position on events (position) where position is not null`.execute(db);
  await sql`drop index events_tenant_position`.execute(db);
  await sql`create unique index events_tenant_position on events (tenant_id, position)
    where position is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index events_tenant_position`.execute(db);
  await sql`create index events_tenant_position on events (tenant_id, position) where position is not null`.execute(
    db,
  );
  await sql`drop index events_position`.execute(db);
  await sql`create unique index events_position on events (position) where position is not null`.execute(db);
}
