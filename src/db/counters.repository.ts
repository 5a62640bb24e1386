import { sql } from 'kysely';
import type { Executor } from './schema.js';

/**
 * Maintained counts behind `totalCount`. They change in the same transaction as the rows they
 * count, so they are exact; reading one is a primary-key lookup whatever the table size.
 */
export async function addToCounter(
  db: Executor,
  tenantId: string,
  name: string,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  await db
    .insertInto('counters')
    .values({ tenant_id: tenantId, name, value: delta })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'name']).doUpdateSet({ value: sql`counters.value + ${delta}` }),
    )
    .execute();
}

export async function readCounter(db: Executor, tenantId: string, name: string): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value ?? 0;
}
