import type { Kysely } from 'kysely';

// Issue 34, drafts of a large import: the worker's per-tenant reads (its claim, the tenant's runs in
// progress, the expired leases of a dedicated worker) name the tenant and a status. With only
// (status, available_at, queued_at) and (tenant_id, agent_usage_at), SQLite chose the latter and
// read every version of the tenant: 2 ms a poll at 2,000 versions, growing with the import.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audience_versions_tenant_queue')
    .on('audience_versions')
    .columns(['tenant_id', 'status', 'queued_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audience_versions_tenant_queue').execute();
}
