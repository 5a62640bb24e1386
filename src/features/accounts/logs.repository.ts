import { sql } from 'kysely';
import { addToCounter } from '../../db/counters.repository.js';
import { dialectOf } from '../../db/database.js';
import { rowChunks } from '../../db/row-chunks.js';
import type {
  AccountLogsTable,
  AuditLogTable,
  Executor,
  LogColumns,
  PersonLogsTable,
} from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';
import { type Statement, statement } from '../../db/statement.js';
import type { EventRow } from '../../events/emit.js';
import { insertEvents } from '../../events/outbox.repository.js';
import { auditedLogsCte, insertAuditEntries } from '../audit/audit.repository.js';
import { moveLatestActivity } from './accounts.repository.js';

/**
 * SQL shared by account logs and person logs, which have the same columns (LogColumns) plus an
 * owner (`account_id`, or `person_id` and the person's `account_id`). The functions name the table;
 * queries touch only the shared columns and `account_id`, present in both.
 */
export type LogTable = 'account_logs' | 'person_logs';
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

// Ingestion is the hottest write: a fixed statement, not a query built per request (statement.ts).
const LOG_COLUMNS = `"tenant_id", "id", "source", "type", "payload", "idempotency_key", "request_fingerprint", "created_at", "updated_at", "deleted_at"`;
const insertLog = (table: LogTable, owner: string, placeholders: string) =>
  statement<{ id: string }>(
    `insert into "${table}" (${LOG_COLUMNS}, ${owner}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, ${placeholders}) ` +
      `on conflict ("tenant_id", "idempotency_key") do nothing returning "id"`,
  );
const insertAccountLog = insertLog('account_logs', '"account_id"', '$11');
const insertPersonLog = insertLog('person_logs', '"account_id", "person_id"', '$11, $12');

function logValues(row: LogColumns): unknown[] {
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

/** What one-statement ingestion found: the account's domain (null: no such account) and whether the log was written. */
export interface OneStatementLog {
  accountDomain: string | null;
  inserted: boolean;
}

/**
 * PostgreSQL only: a log of an account given by id, its `latestActivityAt` and its live-log
 * counter, written by one statement outside any transaction. As a transaction of several round
 * trips, the account and counter row locks were held until COMMIT, so concurrent logs of one
 * account queued on them (48 % of the service's time idle under that load); here they last as
 * long as the statement. The log is written only if the account exists and, when `domain` is
 * given, has that domain; the result says which condition failed, so the caller can answer 404 or
 * 400 with nothing written. A taken idempotency key writes nothing (inserted false).
 */
export async function insertAccountLogInOneStatement(
  db: Executor,
  row: AccountLogsTable,
  domain: string | null,
  counterName: string,
  event: EventRow,
  audit: AuditLogTable | null,
): Promise<OneStatementLog> {
  const result = await accountLogInOneStatement.first(db, [
    row.tenant_id,
    row.account_id,
    ...logValues(row),
    domain,
    domain,
    row.tenant_id,
    row.tenant_id,
    counterName,
    event.tenant_id,
    event.id,
    event.type,
    event.data,
    JSON.stringify(audit === null ? [] : [audit]),
  ]);
  return { accountDomain: result?.domain ?? null, inserted: Number(result?.inserted ?? 0) > 0 };
}

// Data-modifying CTEs share one snapshot; `log` returns nothing when the account is missing, its
// domain differs or the key is taken, and then `activity`, `counted`, `event` (its
// account_log.created in the outbox, src/events/emit.ts) and `audited` write nothing either.
const accountLogInOneStatement = statement<{ domain: string | null; inserted: string | number }>(
  `with "account" as (select "id", "domain" from "accounts" where "tenant_id" = $1 and "id" = $2), ` +
    `"log" as (insert into "account_logs" (${LOG_COLUMNS}, "account_id") ` +
    `select $3, $4, $5, $6, $7, $8, $9, $10::bigint, $11::bigint, $12::bigint, "id" from "account" ` +
    `where $13::text is null or "domain" = $14::text ` +
    `on conflict ("tenant_id", "idempotency_key") do nothing returning "id", "account_id", "created_at"), ` +
    `"activity" as (update "accounts" set "latest_activity_at" = "log"."created_at" from "log" ` +
    `where "accounts"."tenant_id" = $15 and "accounts"."id" = "log"."account_id" ` +
    `and "accounts"."latest_activity_at" < "log"."created_at"), ` +
    `"counted" as (insert into "counters" ("tenant_id", "name", "value") select $16, $17, 1 from "log" ` +
    `on conflict ("tenant_id", "name") do update set "value" = "counters"."value" + 1), ` +
    `"event" as (insert into "events" ("tenant_id", "id", "type", "data", "created_at") ` +
    `select $18, $19, $20, $21, "created_at" from "log"), ` +
    `${auditedLogsCte(22)} ` +
    `select (select "domain" from "account") as "domain", (select count(*) from "log") as "inserted"`,
);

/** A log of an account given by id, for the batched ingestion (log-ingestion.ts). */
export interface BatchedAccountLog {
  row: AccountLogsTable;
  /** When given, the log is written only if it is the account's domain. */
  domain: string | null;
  /** The account's live-log counter (accounts.service.ts logCounter). */
  counter: string;
  /** Its `account_log.created` outbox row (src/events/emit.ts), written only with the log. */
  event: EventRow;
  /** Its audit entry (src/features/audit/record-writes.ts auditInChange), written only with the log. */
  audit: AuditLogTable | null;
}

/**
 * Writes many account logs (each of an account given by id) in one multi-row insert, with their
 * accounts' `latestActivityAt` and live-log counters once per account; returns the ids of the
 * logs written. A log is skipped, with nothing written for it, when its account is missing,
 * its domain is not the account's or its idempotency key is taken; the caller then runs it on its
 * own to learn which. PostgreSQL: one statement (data-modifying CTEs) outside any transaction,
 * so the row locks last as long as the statement. SQLite: statements inside the caller's write
 * transaction (a group commit). Each written log's event goes into the outbox in the same
 * statement (PostgreSQL) or transaction (SQLite); a skipped log writes no event.
 */
export async function insertAccountLogBatch(db: Executor, logs: BatchedAccountLog[]): Promise<Set<string>> {
  if (logs.length === 0) return new Set();
  if (dialectOf(db) === 'postgres') {
    const column = <T>(pick: (log: BatchedAccountLog) => T) => logs.map(pick);
    const written = await accountLogBatchPostgres.all(db, [
      column((l) => l.row.tenant_id),
      column((l) => l.row.id),
      column((l) => l.row.source),
      column((l) => l.row.type),
      column((l) => l.row.payload),
      column((l) => l.row.idempotency_key),
      column((l) => l.row.request_fingerprint),
      column((l) => l.row.created_at),
      column((l) => l.row.account_id),
      column((l) => l.domain),
      column((l) => l.counter),
      column((l) => l.event.id),
      column((l) => l.event.type),
      column((l) => l.event.data),
      JSON.stringify(logs.flatMap((l) => (l.audit === null ? [] : [l.audit]))),
    ]);
    return new Set(written.map((log) => log.id));
  }
  // In chunks of few distinct sizes: each size is a statement SQLite keeps prepared (row-chunks.ts).
  const written: WrittenLog[] = [];
  for (const chunk of rowChunks(db, logs, 64)) {
    const parameters = chunk.flatMap(({ row, domain }) => [...logValues(row), row.account_id, domain]);
    written.push(...(await accountLogBatchSqlite(chunk.length).all(db, parameters)));
  }
  // Then each account once: its newest log's time and how many logs it gained.
  const counters = new Map(logs.map((log) => [log.row.id, log.counter]));
  const perAccount = new Map<
    string,
    { tenantId: string; accountId: string; at: number; counter: string; count: number }
  >();
  for (const log of written) {
    const key = `${log.tenant_id}|${log.account_id}`;
    const seen = perAccount.get(key);
    if (seen === undefined) {
      const counter = counters.get(log.id)!;
      perAccount.set(key, {
        tenantId: log.tenant_id,
        accountId: log.account_id,
        at: log.created_at,
        counter,
        count: 1,
      });
    } else {
      seen.at = Math.max(seen.at, log.created_at);
      seen.count++;
    }
  }
  for (const { tenantId, accountId, at, counter, count } of perAccount.values()) {
    await moveLatestActivity(db, tenantId, accountId, at);
    await addToCounter(db, tenantId, counter, count);
  }
  const ids = new Set(written.map((log) => log.id));
  const writtenLogs = logs.filter((log) => ids.has(log.row.id));
  await insertEvents(
    db,
    writtenLogs.map((log) => log.event),
  );
  await insertAuditEntries(
    db,
    writtenLogs.flatMap((log) => (log.audit === null ? [] : [log.audit])),
  );
  return ids;
}

// One parameter array per column; `input` pairs them up again, row by row.
const accountLogBatchPostgres = statement<{ id: string }>(
  `with "input" as (select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], ` +
    `$6::text[], $7::text[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[]) ` +
    `as i("tenant_id", "id", "source", "type", "payload", "idempotency_key", "request_fingerprint", "created_at", "account_id", "domain", "counter", "event_id", "event_type", "event_data")), ` +
    `"log" as (insert into "account_logs" (${LOG_COLUMNS}, "account_id") ` +
    `select i."tenant_id", i."id", i."source", i."type", i."payload", i."idempotency_key", i."request_fingerprint", i."created_at", null, null, a."id" ` +
    `from "input" i join "accounts" a on a."tenant_id" = i."tenant_id" and a."id" = i."account_id" ` +
    `where i."domain" is null or a."domain" = i."domain" ` +
    `on conflict ("tenant_id", "idempotency_key") do nothing returning "tenant_id", "id", "account_id", "created_at"), ` +
    `"activity" as (update "accounts" set "latest_activity_at" = m."at" ` +
    `from (select "tenant_id", "account_id", max("created_at") as "at" from "log" group by "tenant_id", "account_id") m ` +
    `where "accounts"."tenant_id" = m."tenant_id" and "accounts"."id" = m."account_id" and "accounts"."latest_activity_at" < m."at"), ` +
    `"counted" as (insert into "counters" ("tenant_id", "name", "value") ` +
    `select l."tenant_id", i."counter", count(*) from "log" l join "input" i on i."id" = l."id" group by l."tenant_id", i."counter" ` +
    `on conflict ("tenant_id", "name") do update set "value" = "counters"."value" + excluded."value"), ` +
    `"event" as (insert into "events" ("tenant_id", "id", "type", "data", "created_at") ` +
    `select l."tenant_id", i."event_id", i."event_type", i."event_data", l."created_at" from "log" l join "input" i on i."id" = l."id"), ` +
    `${auditedLogsCte(15)} ` +
    `select "id" from "log"`,
);

/**
 * SQLite: the logs' insert for `count` rows, each the log's columns (logValues), its account and
 * its domain; SQLite names the columns of VALUES column1, column2, ...
 */
function accountLogBatchSqlite(count: number) {
  let cached = sqliteBatches.get(count);
  if (cached === undefined) {
    const row = (n: number) => `(${Array.from({ length: 12 }, (_, i) => `$${n * 12 + i + 1}`).join(', ')})`;
    cached = statement<WrittenLog>(
      `insert into "account_logs" (${LOG_COLUMNS}, "account_id") ` +
        `select ${Array.from({ length: 10 }, (_, i) => `v."column${i + 1}"`).join(', ')}, a."id" ` +
        `from (values ${Array.from({ length: count }, (_, n) => row(n)).join(', ')}) v ` +
        `join "accounts" a on a."tenant_id" = v."column1" and a."id" = v."column11" ` +
        `where v."column12" is null or a."domain" = v."column12" ` +
        `on conflict ("tenant_id", "idempotency_key") do nothing returning "id", "tenant_id", "account_id", "created_at"`,
    );
    sqliteBatches.set(count, cached);
  }
  return cached;
}

type WrittenLog = { id: string; tenant_id: string; account_id: string; created_at: number };
const sqliteBatches = new Map<number, Statement<WrittenLog>>();

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

/** A log by id, only if it belongs to `owner` (`account_id` or `person_id` = ownerId). */
export async function findOwnedLog(
  db: Executor,
  tenantId: string,
  table: LogTable,
  owner: { column: 'account_id' | 'person_id'; id: string },
  logId: string,
) {
  return (await db
    .selectFrom(as(table))
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', logId)
    .where(owner.column === 'account_id' ? 'account_id' : 'person_id', '=', owner.id)
    .executeTakeFirst()) as LogRow | undefined;
}

export async function findLog(db: Executor, tenantId: string, table: LogTable, logId: string) {
  return (await db
    .selectFrom(as(table))
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', logId)
    .executeTakeFirst()) as LogRow | undefined;
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

/** createdAt of the account's newest live log in `table`: walks the activity index from the top. */
export async function newestLiveLogAt(
  db: Executor,
  tenantId: string,
  table: LogTable,
  accountId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom(as(table))
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
