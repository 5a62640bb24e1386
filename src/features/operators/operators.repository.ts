import type { Executor, OperatorsTable } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';

export async function insertOperator(db: Executor, row: OperatorsTable): Promise<void> {
  await db.insertInto('operators').values(row).execute();
}

/**
 * The operators an email signs in as: one per tenant at most (and one instance admin), so a few;
 * at most `limit`. With `tenantId` (null: the instance admin), only that tenant's.
 */
export async function findOperatorsByEmail(
  db: Executor,
  email: string,
  limit: number,
  tenantId?: string | null,
) {
  let query = db.selectFrom('operators').selectAll().where('email', '=', email);
  if (tenantId !== undefined)
    query = query.where((eb) =>
      tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId),
    );
  return query.orderBy('id').limit(limit).execute();
}

/** The operator of a tenant (null: the instance admins) with this email, if any. */
export async function findOperatorInScope(db: Executor, tenantId: string | null, email: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)))
    .where('email', '=', email)
    .executeTakeFirst();
}

/** One operator of a tenant (null: an instance admin) by id; another tenant's is not found. */
export async function findOperator(db: Executor, tenantId: string | null, operatorId: string) {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('id', '=', operatorId)
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)))
    .executeTakeFirst();
}

export async function findOperatorById(db: Executor, operatorId: string) {
  return db.selectFrom('operators').selectAll().where('id', '=', operatorId).executeTakeFirst();
}

/** A tenant's operators (null: the instance admins), oldest first. */
export async function listOperatorsPage(
  db: Executor,
  tenantId: string | null,
  after: SortKey | null,
  limit: number,
) {
  let query = db
    .selectFrom('operators')
    .selectAll()
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)));
  if (after !== null) query = query.where('id', '>', String(after[0]));
  return query.orderBy('id', 'asc').limit(limit).execute();
}

export async function countOperators(db: Executor, tenantId: string | null): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateOperator(
  db: Executor,
  operatorId: string,
  changes: Partial<Pick<OperatorsTable, 'role' | 'password_hash' | 'must_change_password' | 'disabled_at'>>,
  now: number,
) {
  return db
    .updateTable('operators')
    .set({ ...changes, updated_at: now })
    .where('id', '=', operatorId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether the instance has any operator at all (first-run setup; an instance-wide read on purpose). */
export async function anyOperatorExists(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
