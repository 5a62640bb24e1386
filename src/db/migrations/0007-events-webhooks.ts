import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Events: the outbox written in the same transaction as each change, numbered afterwards for the
// live stream and fanned out to webhook endpoints; the endpoints, their deliveries and every
// delivery attempt (docs/events.md). Same conventions as 0001.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('events')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // Events of one audience are delivered in order; also the stream's audience filter.
    .addColumn('audience_id', 'text')
    // Set only on a test event, which goes to that one endpoint and never to the stream.
    .addColumn('target_endpoint_id', 'text')
    // The event's `data` as JSON text, written once and sent as is.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Insert order: a PostgreSQL sequence, taken while the writer holds its row locks. SQLite has
    // one writer, so its rowid already is the commit order and this stays null there.
    .addColumn('seq', 'bigint')
    // The event's place in the stream, given after commit by the sequencer (src/outbox/sequencer.ts).
    .addColumn('position', 'bigint')
    .addPrimaryKeyConstraint('events_pk', ['tenant_id', 'id'])
    .execute();
  if (postgres) {
    await sql`create sequence quire_event_seq`.execute(db);
    await sql`alter table events alter column seq set default nextval('quire_event_seq')`.execute(db);
  }
  // Only numbered events are indexed by position: a write inserts its event without touching
  // these, the sequencer adds the entries afterwards, in batches.
  await sql`create unique index events_position on events (position) where position is not null`.execute(db);
  await sql`create index events_tenant_position on events (tenant_id, position) where position is not null`.execute(
    db,
  );
  await sql`create index events_unsequenced on events (seq) where position is null`.execute(db);
  await sql`create index events_created on events (created_at)`.execute(db);

  // The sequencer's and the fan-out's progress: the last position each has handled.
  await db.schema
    .createTable('event_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into event_cursors (name, position) values ('sequence', 0), ('fanout', 0)`.execute(db);

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // JSON array of event types and wildcards (`version.*`, `*`).
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'bigint')
    .addColumn('secret', 'text', (c) => c.notNull())
    // After a rotation the previous secret signs too, until it expires.
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'bigint')
    // When the current run of failed attempts began (null after a success).
    .addColumn('failing_since', 'bigint')
    .addColumn('last_success_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_endpoints_pk', ['tenant_id', 'id'])
    .execute();
  await sql`create index webhook_endpoints_newest on webhook_endpoints (tenant_id, created_at, id)`.execute(
    db,
  );

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_position', 'bigint', (c) => c.notNull())
    // '' for events that need no order (and replays); else the audience: one at a time, in order.
    .addColumn('ordering_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('replay_of', 'text')
    .addColumn('replayed_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addPrimaryKeyConstraint('webhook_deliveries_pk', ['tenant_id', 'id'])
    .execute();
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_order on webhook_deliveries
    (tenant_id, endpoint_id, ordering_key, event_position) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries
    (tenant_id, endpoint_id, created_at, id)`.execute(db);
  await sql`create index webhook_deliveries_event on webhook_deliveries (tenant_id, event_id)`.execute(db);
  await sql`create index webhook_deliveries_completed on webhook_deliveries (completed_at)`.execute(db);

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    // The first bytes of the response body (docs/events.md), as text.
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('webhook_attempts_pk', ['tenant_id', 'id'])
    .execute();
  await sql`create index webhook_attempts_delivery on webhook_attempts (tenant_id, delivery_id, attempted_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('event_cursors').execute();
  await db.schema.dropTable('events').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`drop sequence if exists quire_event_seq`.execute(db);
}
