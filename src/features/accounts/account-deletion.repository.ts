import type { Executor } from '../../db/schema.js';

export async function deleteAccountLogsOf(
  db: Executor,
  tenantId: string,
  accountId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('account_logs')
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Persons and person logs of the account keep existing, without an account. Answers each count. */
export async function unlinkFromAccount(db: Executor, tenantId: string, accountId: string, at: number) {
  const persons = await db
    .updateTable('persons')
    .set({ account_id: null, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const personLogs = await db
    .updateTable('person_logs')
    .set({ account_id: null })
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    unlinkedPersons: Number(persons.numUpdatedRows),
    unlinkedPersonLogs: Number(personLogs.numUpdatedRows),
  };
}

/** The account's own counters (its logs per kind and state): nothing counts under them any more. */
export async function deleteCounters(db: Executor, tenantId: string, names: string[]): Promise<void> {
  await db.deleteFrom('counters').where('tenant_id', '=', tenantId).where('name', 'in', names).execute();
}

export async function deleteAccountRow(db: Executor, tenantId: string, accountId: string): Promise<number> {
  const result = await db
    .deleteFrom('accounts')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
