import type { Kysely } from 'kysely';

/**
 * Scoped API keys and idempotent operator creates.
 * - `api_keys.scopes`: the key's scopes, space-separated; NULL means full access, so every key
 *   created before scopes existed keeps working exactly as before.
 * - `api_keys.last_used_at`: when the key last authenticated a request (written at most once a
 *   minute per key, see src/features/tenants/key-usage.ts).
 * - `admin_idempotency`: the first response to each `Idempotency-Key` sent to /admin/v0, replayed
 *   for a retry with the same key and body (see src/http/admin-idempotency.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('scopes', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'bigint').execute();
  await db.schema
    .createTable('admin_idempotency')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('request_fingerprint', 'text', (c) => c.notNull())
    // NULL while the first request is still running.
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_idempotency').execute();
  await db.schema.alterTable('api_keys').dropColumn('last_used_at').execute();
  await db.schema.alterTable('api_keys').dropColumn('scopes').execute();
}
