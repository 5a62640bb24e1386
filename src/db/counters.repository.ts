import type { Executor } from './schema.js';
import { statement } from './statement.js';

/**
 * Maintained counts behind `totalCount`. They change in the same transaction as the rows they
 * count, so they are exact; reading one is a primary-key lookup whatever the table size.
 *
 * Inside writeTransaction the changes are collected and applied when the work is done, summed per
 * counter and in one order (tenant, then name). Two transactions that touch the same counters
 * in different orders (deleting one log of an account while restoring another moves the live and
 * deleted counters in opposite directions) would otherwise lock the rows in opposite orders and
 * deadlock on PostgreSQL.
 */
export async function addToCounter(
  db: Executor,
  tenantId: string,
  name: string,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  const pending = pendingChanges.get(db);
  if (pending === undefined) {
    await upsertCounter.run(db, [tenantId, name, delta, delta]);
    return;
  }
  const key = JSON.stringify([tenantId, name]);
  pending.set(key, (pending.get(key) ?? 0) + delta);
}

/** Counter changes of the transaction in progress, by transaction (see withCountersLast). */
const pendingChanges = new WeakMap<Executor, Map<string, number>>();

/**
 * Runs `work` on `tx`, holding back its counter changes, then applies them sorted. If `work`
 * throws, they are dropped with the rest of its writes. One `work` at a time per `tx`.
 */
export async function withCountersLast<T>(tx: Executor, work: () => Promise<T>): Promise<T> {
  const pending = new Map<string, number>();
  pendingChanges.set(tx, pending);
  let value: T;
  try {
    value = await work();
  } finally {
    pendingChanges.delete(tx);
  }
  for (const key of [...pending.keys()].sort()) {
    const delta = pending.get(key)!;
    const [tenantId, name] = JSON.parse(key) as [string, string];
    if (delta !== 0) await upsertCounter.run(tx, [tenantId, name, delta, delta]);
  }
  return value;
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
