import type { Executor } from './schema.js';
import { statement } from './statement.js';

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
  await upsertCounter.run(db, [tenantId, name, delta, delta]);
}

// Every write of a counted row runs it: a fixed statement (statement.ts).
const upsertCounter = statement(
  `insert into "counters" ("tenant_id", "name", "value") values ($1, $2, $3) ` +
    `on conflict ("tenant_id", "name") do update set "value" = "counters"."value" + $4`,
);

export async function readCounter(db: Executor, tenantId: string, name: string): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value ?? 0;
}

/** Several counters of a tenant in one primary-key lookup; missing ones read as 0. */
export async function readCounters(
  db: Executor,
  tenantId: string,
  names: readonly string[],
): Promise<Map<string, number>> {
  const result = new Map(names.map((name) => [name, 0]));
  if (names.length === 0) return result;
  const rows = await db
    .selectFrom('counters')
    .select(['name', 'value'])
    .where('tenant_id', '=', tenantId)
    .where('name', 'in', names)
    .execute();
  for (const row of rows) result.set(row.name, row.value);
  return result;
}
