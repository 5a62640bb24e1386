import { sql } from 'kysely';
import type { Executor, WebhookEndpointsTable } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';

/** SQL of webhook endpoints. */

export async function insertEndpoint(db: Executor, row: WebhookEndpointsTable): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function findEndpoint(db: Executor, tenantId: string, endpointId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
}

/** A page of the tenant's endpoints, oldest first. */
export async function listEndpointsPage(
  db: Executor,
  tenantId: string,
  after: SortKey | null,
  limit: number,
) {
  let query = db.selectFrom('webhook_endpoints').selectAll().where('tenant_id', '=', tenantId);
  if (after !== null) query = query.where(sql<boolean>`(created_at, id) > (${after[0]}, ${after[1]})`);
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

export async function countEndpoints(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateEndpoint(
  db: Executor,
  tenantId: string,
  endpointId: string,
  changes: Partial<Omit<WebhookEndpointsTable, 'tenant_id' | 'id'>>,
) {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes an endpoint with its deliveries and their attempts; false when there was none. */
export async function deleteEndpoint(db: Executor, tenantId: string, endpointId: string): Promise<boolean> {
  await db
    .deleteFrom('webhook_attempts')
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .execute();
  await db
    .deleteFrom('webhook_deliveries')
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .execute();
  const deleted = await db
    .deleteFrom('webhook_endpoints')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The enabled endpoints of these tenants (the fan-out's subscribers). */
export async function enabledEndpointsOf(db: Executor, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom('webhook_endpoints')
    .select(['tenant_id', 'id', 'event_types', 'created_at'])
    .where('tenant_id', 'in', tenantIds)
    .where('enabled', '=', 1)
    .execute();
}
