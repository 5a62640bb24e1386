import type { Kysely } from 'kysely';

// Issue 29, item 5: a tenant admin no longer maps a custom host first-come. A host a tenant asks
// for is a claim (`tenant_host_claims`, one per tenant and host: several tenants may claim one
// host) until the tenant proves it controls the host (a DNS TXT record or an HTTP token); only then
// does it enter `tenant_hosts`, which is what is served. Hosts already mapped stay mapped (they were
// mapped by an admin before proofs existed: docs/security.md says to review them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_host_claims')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tenant_host_claims_pk', ['tenant_id', 'host'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tenant_host_claims').execute();
}
