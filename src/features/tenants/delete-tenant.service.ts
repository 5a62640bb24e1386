import { writeOrRehearse } from '../../db/rehearsal.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { notifyKeysInvalidated } from './api-keys.repository.js';
import { announceTenantDeleted } from './key-invalidations.js';
import {
  deleteIdempotencyRecordsNaming,
  deleteTenantOperators,
  deleteTenantRow,
  deleteTenantRows,
  TENANT_TABLES,
} from './tenant-data.repository.js';
import { findTenantByIdOrName } from './tenants.repository.js';

export interface Deletion {
  /** True when nothing was removed: the counts are what the deletion would remove. */
  dryRun: boolean;
  /** How many rows of each kind were (or would be) removed; kinds with none are left out. */
  removed: Record<string, number>;
  /** How many rows of each kind were (or would be) changed rather than removed (erased, unlinked). */
  changed: Record<string, number>;
}

export interface TenantDeletion extends Deletion {
  tenantId: string;
  name: string;
}

/**
 * Deletes a tenant (named by id or name) and every row it owns, in one transaction: see
 * TENANT_TABLES, plus its operators with their sessions, its stored Idempotency-Key answers and the
 * tenant itself (README, "What a deletion removes"). Its API keys stop working at once in this
 * process, and soon after in every other (key-invalidations.ts). With `dryRun`, the same deletion runs and is rolled back: the answer counts exactly what
 * it would remove. One implementation behind DELETE /admin/v0/tenants/{tenant} and `quire tenants delete`.
 */
export async function deleteTenant(
  db: Db,
  tenantIdOrName: string,
  { dryRun }: { dryRun: boolean },
): Promise<TenantDeletion> {
  const result = await writeOrRehearse(db, dryRun, async (tx) => {
    const tenant = await findTenantByIdOrName(tx, tenantIdOrName);
    if (tenant === undefined) throw ApiError.notFound(`Tenant "${tenantIdOrName}"`);
    const removed: Record<string, number> = {};
    const count = (kind: string, n: number) => {
      if (n > 0) removed[kind] = n;
    };
    for (const table of TENANT_TABLES) count(camel(table), await deleteTenantRows(tx, table, tenant.id));
    for (const [kind, n] of Object.entries(await deleteTenantOperators(tx, tenant.id))) count(kind, n);
    count('idempotencyRecords', await deleteIdempotencyRecordsNaming(tx, tenant.id));
    count('tenants', await deleteTenantRow(tx, tenant.id));
    // Other processes' key caches forget its keys when this commits (never on a rehearsal).
    await notifyKeysInvalidated(tx, { tenantId: tenant.id });
    return { tenantId: tenant.id, name: tenant.name, dryRun, removed, changed: {} };
  });
  if (!dryRun) announceTenantDeleted(result.tenantId);
  return result;
}

function camel(snake: string): string {
  return snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
