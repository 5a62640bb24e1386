/**
 * Which tables a tenant owns and which belong to the instance: the one list the Citus rules
 * (docs/operations.md, "Scale-out on Citus") and their catalog test read. A table not named here
 * is a tenant table: it must have `tenant_id`, every primary key, unique constraint or unique
 * index and foreign key among tenant tables must include it, and on Citus it is distributed by it,
 * co-located with every other tenant table. A new instance table is a decision: add it here with
 * its reason.
 */
export const INSTANCE_TABLES: Readonly<
  Record<string, { placement: 'reference' | 'coordinator'; why: string }>
> = {
  tenants: {
    placement: 'reference',
    why: 'every tenant table has a foreign key to it, and a key from a distributed table may only point at a reference table',
  },
  api_keys: {
    placement: 'reference',
    why: 'a request is authenticated by the hash of its key before its tenant is known: the lookup cannot name a tenant',
  },
  tenant_hosts: {
    placement: 'reference',
    why: "a hosted page's request is routed by its host name before its tenant is known",
  },
  operators: {
    placement: 'reference',
    why: 'an operator signs in by email before a tenant is chosen, and an instance admin belongs to no tenant',
  },
  operator_sessions: {
    placement: 'coordinator',
    why: 'looked up by the hash of the session cookie before the tenant is known; small, and written only on sign-in and use',
  },
  login_failures: {
    placement: 'coordinator',
    why: 'sign-in throttling by address and account, before any tenant is known',
  },
  admin_idempotency: {
    placement: 'coordinator',
    why: "the operator API's Idempotency-Key records are global (one ADMIN_TOKEN spans every tenant); the fingerprint covers the path, which names the tenant",
  },
  instance_secrets: {
    placement: 'reference',
    why: "the installation's own secrets, shared by every process",
  },
  event_cursors: {
    placement: 'coordinator',
    why: 'the one cursor of the event sequencer, locked by one process at a time',
  },
  kysely_migration: { placement: 'coordinator', why: "the migrator's own record" },
  kysely_migration_lock: { placement: 'coordinator', why: "the migrator's own lock" },
};

/** Tables of the SQLite full-text search (virtual tables and their shadows) are SQLite-only. */
export function isTenantTable(table: string): boolean {
  return !(table in INSTANCE_TABLES);
}
