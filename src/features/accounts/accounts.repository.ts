import { sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { AccountsTable, Executor, LogTable } from '../../db/schema.js';
import { newestFirst, newestWindowEnd, type SortKey } from '../../db/sort-key.js';
import { statement } from '../../db/statement.js';

/** Inserts an account unless its domain already has one in the tenant; false when it has. */
export async function insertAccountUnlessDomainTaken(db: Executor, row: AccountsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'domain']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

// Read on every log ingested and every activity page: a fixed statement (statement.ts).
const selectAccount = statement<AccountsTable>(
  `select * from "accounts" where "tenant_id" = $1 and "id" = $2`,
);

export async function findAccount(db: Executor, tenantId: string, accountId: string) {
  return selectAccount.first(db, [tenantId, accountId]);
}

export async function findAccountByDomain(db: Executor, tenantId: string, domain: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('domain', '=', domain)
    .executeTakeFirst();
}

/**
 * The accounts of several domains at once (a batch of an import), locked on PostgreSQL, in id
 * order so two batches lock them in the same order.
 */
export function findAccountsByDomainsForUpdate(db: Executor, tenantId: string, domains: string[]) {
  if (domains.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('domain', 'in', domains)
    .orderBy('id')
    .$if(dialectOf(db) === 'postgres', (q) => q.forUpdate())
    .execute();
}

/**
 * Counts one more (`by` 1, a person linked) or one fewer (-1, a linked person deleted) linked
 * person; answers the new count, undefined when the tenant has no such account.
 */
export async function moveLinkedPersons(
  db: Executor,
  tenantId: string,
  accountId: string,
  by: 1 | -1,
  at: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('accounts')
    .set({ linked_persons_count: sql`linked_persons_count + ${sql.lit(by)}`, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)
    .returning('linked_persons_count')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.linked_persons_count);
}

/** Moves latest_activity_at forward to `at` (never back): one indexed row update. */
export async function moveLatestActivity(
  db: Executor,
  tenantId: string,
  accountId: string,
  at: number,
): Promise<void> {
  await updateLatestActivity.run(db, [at, at, tenantId, accountId]);
}

const updateLatestActivity = statement(
  `update "accounts" set "latest_activity_at" = case when "latest_activity_at" < $1 then $2 else "latest_activity_at" end ` +
    `where "tenant_id" = $3 and "id" = $4`,
);

/**
 * Takes the account row's write lock for the rest of the transaction (PostgreSQL; SQLite's write
 * transaction already excludes other writers), so a recomputation is not overtaken by a new log.
 */
export async function lockAccountRow(db: Executor, tenantId: string, accountId: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ latest_activity_at: sql`latest_activity_at` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)
    .execute();
}

export async function setLatestActivity(
  db: Executor,
  tenantId: string,
  accountId: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ latest_activity_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)
    .execute();
}

/** One page of accounts, newest first; `emptyOnly` walks the (count, created_at, id) index at 0. */
export async function listAccounts(
  db: Executor,
  tenantId: string,
  options: { emptyOnly: boolean; after: SortKey | null; limit: number },
) {
  let query = db.selectFrom('accounts').selectAll().where('tenant_id', '=', tenantId);
  if (options.emptyOnly) query = query.where('linked_persons_count', '=', 0);
  return newestFirst(query, options.after, options.limit).execute();
}

/** Renames an account; undefined when the tenant has no such account. */
export async function setAccountName(
  db: Executor,
  tenantId: string,
  accountId: string,
  name: string,
  at: number,
) {
  return db
    .updateTable('accounts')
    .set({ name, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Names an account still named after its domain that was created for a person's domain (it has
 * linked persons): a later log's `name` is the better one. Any other account keeps its name.
 */
export async function nameAccountIfNamedAfterDomain(
  db: Executor,
  tenantId: string,
  accountId: string,
  name: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ name, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', accountId)
    .whereRef('name', '=', 'domain')
    .where('linked_persons_count', '>', 0)
    .execute();
}

/** The tenant's next `window` accounts, newest first, after `after` (index accounts_newest). */
function accountsWindow(db: Executor, tenantId: string, after: SortKey | null, window: number) {
  const query = db.selectFrom('accounts').where('tenant_id', '=', tenantId);
  return newestFirst(query, after, window);
}

/**
 * Up to `limit` accounts of the window whose name or domain contains the LIKE `pattern` (and,
 * with `emptyOnly`, that have no linked person).
 */
export async function searchAccounts(
  db: Executor,
  tenantId: string,
  options: { pattern: string; emptyOnly: boolean; after: SortKey | null; window: number; limit: number },
) {
  let query = db
    .selectFrom(accountsWindow(db, tenantId, options.after, options.window).selectAll().as('w'))
    .selectAll()
    .where(
      sql<boolean>`(lower(name) like ${options.pattern} escape '\\' or lower(domain) like ${options.pattern} escape '\\')`,
    );
  if (options.emptyOnly) query = query.where('linked_persons_count', '=', 0);
  return newestFirst(query, null, options.limit).execute();
}

/** The sort key of the window's last account, when the window is full (more may follow). */
export async function accountsWindowEnd(
  db: Executor,
  tenantId: string,
  after: SortKey | null,
  window: number,
): Promise<SortKey | undefined> {
  return newestWindowEnd(db.selectFrom('accounts').where('tenant_id', '=', tenantId), after, window);
}

/** createdAt of the account's newest live log in `table`: walks the activity index from the top. */
export async function newestLiveLogAt(
  db: Executor,
  tenantId: string,
  table: LogTable,
  accountId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom(table as 'person_logs') // both tables have these columns
    .select('created_at')
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
