import { sql } from 'kysely';
import { mentions } from '../../db/mentions.js';
import type { Executor } from '../../db/schema.js';
import { accountAddressPrefix, accountSubject, passwordChangeSubject } from '../operators/login-throttle.js';

/**
 * Every table holding rows of a tenant in a `tenant_id` column (migrations 0001 to 0010), in the
 * order they are emptied: all of them reference `tenants` only, so any order before `tenants`
 * works. SQLite's search index of assets (`assets_search`, `assets_search_fts`) follows `assets`
 * through its triggers, and the tenant's search key (`search_tenant_keys`) follows `tenants`. src/features/tenants/delete-tenant.admin.test.ts reads the database's
 * catalogue and fails when a table with a tenant column is missing here.
 */
export const TENANT_TABLES = [
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
  'events',
  'page_events',
  'form_submissions',
  'import_rejects',
  'import_rows',
  'import_targets',
  'imports',
  'experiment_assignments',
  'experiment_phases',
  'experiments',
  'tenant_hosts',
  'tenant_host_claims',
  'version_changes',
  'messages',
  'conversations',
  'audience_versions',
  'audiences',
  'pages',
  'topic_entries',
  'topics',
  'assets',
  'brands',
  'files',
  'person_logs',
  'account_logs',
  'persons',
  'accounts',
  'counters',
  'api_keys',
  'audit_log',
] as const;

export type TenantTable = (typeof TENANT_TABLES)[number];

/** Deletes every row of the tenant in `table`; answers how many. */
export async function deleteTenantRows(db: Executor, table: TenantTable, tenantId: string): Promise<number> {
  const result = await db.deleteFrom(table).where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The tenant's operators with their sessions and sign-in throttle entries (sessions and failures
 * have no tenant column: they are found through the operators and their emails).
 */
export async function deleteTenantOperators(
  db: Executor,
  tenantId: string,
): Promise<{ operators: number; operatorSessions: number; loginFailures: number }> {
  const operators = await db
    .selectFrom('operators')
    .select(['id', 'email'])
    .where('tenant_id', '=', tenantId)
    .execute();
  if (operators.length === 0) return { operators: 0, operatorSessions: 0, loginFailures: 0 };
  const sessions = await db
    .deleteFrom('operator_sessions')
    .where(
      'operator_id',
      'in',
      operators.map((o) => o.id),
    )
    .executeTakeFirst();
  // Their email's count, their password-change count, and their email's count per address (found by
  // its prefix: an address follows the email, login-throttle.ts).
  const failures = await db
    .deleteFrom('login_failures')
    .where((eb) =>
      eb.or([
        eb('subject', 'in', [
          ...operators.map((o) => accountSubject(o.email)),
          ...operators.map((o) => passwordChangeSubject(o.id)),
        ]),
        ...operators.map((o) => {
          const prefix = accountAddressPrefix(o.email);
          return eb(sql<string>`substr(subject, 1, ${prefix.length})`, '=', prefix);
        }),
      ]),
    )
    .executeTakeFirst();
  const deleted = await db.deleteFrom('operators').where('tenant_id', '=', tenantId).executeTakeFirst();
  return {
    operators: Number(deleted.numDeletedRows),
    operatorSessions: Number(sessions.numDeletedRows),
    loginFailures: Number(failures.numDeletedRows),
  };
}

/**
 * Stored operator API answers (Idempotency-Key replays) that name the tenant: they have no tenant
 * column, and an answer about the tenant carries its id.
 */
export async function deleteIdempotencyRecordsNaming(db: Executor, tenantId: string): Promise<number> {
  const result = await db
    .deleteFrom('admin_idempotency')
    .where(mentions('response_body', tenantId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteTenantRow(db: Executor, tenantId: string): Promise<number> {
  const result = await db.deleteFrom('tenants').where('id', '=', tenantId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
