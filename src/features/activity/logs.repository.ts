import { sql } from 'kysely';
import type { AccountLogsTable, Executor, LogColumns, LogTable, PersonLogsTable } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';
import { statement } from '../../db/statement.js';

/**
 * SQL shared by account logs and person logs, which have the same columns (LogColumns) plus an
 * owner (`account_id`, or `person_id` and the person's `account_id`). The functions name the table;
 * queries touch only the shared columns and `account_id`, present in both.
 */
export type LogRow = LogColumns & { account_id: string | null; person_id?: string };

// Kysely types one table at a time; both tables have every column used below, so typing the
// query as one of them is exact for the other.
const as = (table: LogTable) => table as 'person_logs';

/** Inserts a log unless its idempotency key is taken in the tenant; false when it is. */
export async function insertLogUnlessKeyTaken(
  db: Executor,
  table: 'account_logs',
  row: AccountLogsTable,
): Promise<boolean>;
export async function insertLogUnlessKeyTaken(
  db: Executor,
  table: 'person_logs',
  row: PersonLogsTable,
): Promise<boolean>;
export async function insertLogUnlessKeyTaken(
  db: Executor,
  table: LogTable,
  row: AccountLogsTable | PersonLogsTable,
): Promise<boolean> {
  const inserted =
    table === 'account_logs'
      ? await insertAccountLog.first(db, [...logValues(row), row.account_id])
      : await insertPersonLog.first(db, [
          ...logValues(row),
          row.account_id,
          (row as PersonLogsTable).person_id,
        ]);
  return inserted !== undefined;
}

// Ingestion is the hottest write: a fixed statement, not a query built per request (statement.ts);
// the batched and one-statement ingestion of account logs is in log-ingestion.repository.ts.
export const LOG_COLUMNS = `"tenant_id", "id", "source", "type", "payload", "idempotency_key", "request_fingerprint", "created_at", "updated_at", "deleted_at"`;
const insertLog = (table: LogTable, owner: string, placeholders: string) =>
  statement<{ id: string }>(
    `insert into "${table}" (${LOG_COLUMNS}, ${owner}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, ${placeholders}) ` +
      `on conflict ("tenant_id", "idempotency_key") do nothing returning "id"`,
  );
const insertAccountLog = insertLog('account_logs', '"account_id"', '$11');
const insertPersonLog = insertLog('person_logs', '"account_id", "person_id"', '$11, $12');

export function logValues(row: LogColumns): unknown[] {
  return [
    row.tenant_id,
    row.id,
    row.source,
    row.type,
    row.payload,
    row.idempotency_key,
    row.request_fingerprint,
    row.created_at,
    row.updated_at,
    row.deleted_at,
  ];
}

/** Many logs in one statement (bulk import, seeds); no idempotency keys. */
export async function insertLogs(
  db: Executor,
  table: 'account_logs',
  rows: AccountLogsTable[],
): Promise<void>;
export async function insertLogs(db: Executor, table: 'person_logs', rows: PersonLogsTable[]): Promise<void>;
export async function insertLogs(
  db: Executor,
  table: LogTable,
  rows: (AccountLogsTable | PersonLogsTable)[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto(as(table))
      .values(rows as PersonLogsTable[])
      .execute();
}

export async function findLogByKey(db: Executor, tenantId: string, table: LogTable, key: string) {
  return (await db
    .selectFrom(as(table))
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()) as LogRow | undefined;
}

/** A log by id; with `owner`, only if it belongs to it (`account_id` or `person_id` = its id). */
export async function findLog(
  db: Executor,
  tenantId: string,
  table: LogTable,
  logId: string,
  owner?: { column: 'account_id' | 'person_id'; id: string },
) {
  let query = db.selectFrom(as(table)).selectAll().where('tenant_id', '=', tenantId).where('id', '=', logId);
  if (owner !== undefined)
    query = query.where(owner.column === 'account_id' ? 'account_id' : 'person_id', '=', owner.id);
  return (await query.executeTakeFirst()) as LogRow | undefined;
}

export async function updateLogPayload(
  db: Executor,
  tenantId: string,
  table: LogTable,
  logId: string,
  payload: string,
  at: number,
): Promise<void> {
  await db
    .updateTable(as(table))
    .set({ payload, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', logId)
    .execute();
}

/**
 * Sets or clears deleted_at; true only when this call changed it, so counters move exactly once
 * even when two operators delete the same log at the same time.
 */
export async function setLogDeletedAt(
  db: Executor,
  tenantId: string,
  table: LogTable,
  logId: string,
  deletedAt: number | null,
): Promise<boolean> {
  const changed = await db
    .updateTable(as(table))
    .set({ deleted_at: deletedAt })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', logId)
    .where('deleted_at', deletedAt === null ? 'is not' : 'is', null)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/**
 * One page of an account's logs of one kind, newest first: a range scan of the activity index.
 * Person logs come with their person's name.
 */
export async function pageOfAccountLogs(
  db: Executor,
  tenantId: string,
  table: LogTable,
  options: { accountId: string; includeDeleted: boolean; after: SortKey | null; limit: number },
): Promise<(LogRow & { person_name: string | null })[]> {
  let query = db
    .selectFrom(`${as(table)} as l`)
    .selectAll('l')
    .where('l.tenant_id', '=', tenantId)
    .where('l.account_id', '=', options.accountId);
  if (!options.includeDeleted) query = query.where('l.deleted_at', 'is', null);
  if (options.after !== null) {
    const [createdAt, id] = options.after;
    query = query.where(sql<boolean>`(l.created_at, l.id) < (${createdAt}, ${id})`);
  }
  query = query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(options.limit);
  if (table === 'account_logs') {
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, person_name: null }));
  }
  return query
    .innerJoin('persons as p', (join) =>
      join.onRef('p.tenant_id', '=', 'l.tenant_id').onRef('p.id', '=', 'l.person_id'),
    )
    .select('p.name as person_name')
    .execute();
}
