import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/schema.js';

/**
 * A hash of every row the tenant owns, in every table: equal before and after a request that
 * wrote nothing. Scoped to the tenant because other test files write to the same PostgreSQL
 * database concurrently. An API key's `last_used_at` is left out: it is bookkeeping of the key's
 * use, written after the answer (so whether it lands before or after the second fingerprint is
 * timing: on Citus it landed after), not something the request wrote.
 */
export async function databaseFingerprint(db: Db, tenantId: string): Promise<string> {
  const tables = await db.introspection.getTables();
  const hash = createHash('sha256');
  for (const table of tables.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const columns = new Set(table.columns.map((c) => c.name));
    const scope = table.name === 'tenants' ? 'id' : columns.has('tenant_id') ? 'tenant_id' : null;
    if (scope === null) continue; // not tenant data (migrations bookkeeping, FTS shadow tables)
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)} where ${sql.ref(scope)} = ${tenantId}`.execute(db);
    const lines = rows.rows
      .map((r) => JSON.stringify(table.name === 'api_keys' ? { ...r, last_used_at: null } : r))
      .sort();
    hash.update(`${table.name}:${lines.join('\n')}`);
  }
  return hash.digest('hex');
}
