import type { Kysely } from 'kysely';

/**
 * The operator console (docs/console.md): operator accounts, their sessions, failed sign-ins (the
 * login throttle, shared by every node) and the audit log. Same conventions as 0001.
 * - `operators` is an instance-level table, like `tenants`: an email signs in to one instance, so
 *   the key is the operator id and the email is unique; `tenant_id` is NULL for an instance admin.
 *   Every read of a tenant's operators is scoped by `tenant_id`.
 * - `operator_sessions` keys on the SHA-256 of the session id: the cookie's value is never stored.
 * - `audit_log` is tenant-owned (key `tenant_id, id`; ids are time-sortable TypeIDs, so the key is
 *   also the newest-first order). Instance-wide actions (a tenant created, an instance admin) have
 *   `tenant_id` ''.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('instance_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operators_tenant').on('operators').columns(['tenant_id', 'id']).execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator')
    .on('operator_sessions')
    .columns(['operator_id'])
    .execute();

  await db.schema
    .createTable('login_failures')
    // `address:<ip>` or `account:<email>`.
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text')
    .addColumn('record_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_log_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_record')
    .on('audit_log')
    .columns(['tenant_id', 'record_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor')
    .on('audit_log')
    .columns(['tenant_id', 'actor_label', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
}
