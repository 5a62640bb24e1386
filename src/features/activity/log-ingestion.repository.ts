/**
 * The batched and one-statement ingestion of account logs (log-ingestion.ts, account-logs.service.ts):
 * a log, its account's latestActivityAt and live-log counter, its outbox event and its audit entry
 * written together, in as few statements as each database allows. The plain log queries are in
 * logs.repository.ts.
 */
import { addToCounter } from '../../db/counters.repository.js';
import { dialectOf } from '../../db/database.js';
import { rowChunks } from '../../db/row-chunks.js';
import type { AccountLogsTable, AuditLogTable, Executor } from '../../db/schema.js';
import { type Statement, statement } from '../../db/statement.js';
import { EVENTS_CHANNEL, notifySql } from '../../db/wakeups.js';
import type { EventRow } from '../../outbox/emit.js';
import { insertEvents } from '../../outbox/outbox.repository.js';
import { moveLatestActivity } from '../accounts/accounts.repository.js';
import { auditedLogsCte, insertAuditEntries } from '../audit/audit.repository.js';
import { LOG_COLUMNS, logValues } from './logs.repository.js';

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
// account_log.created in the outbox, src/outbox/emit.ts) and `audited` write nothing either.
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
    `select (select "domain" from "account") as "domain", (select count(*) from "log") as "inserted", ` +
    // Wakes the stream's pollers and the event pumps (src/db/wakeups.ts) when a log was written.
    `(select count(*) from (select ${notifySql(EVENTS_CHANNEL)} from "log" limit 1) as "n") as "notified"`,
);

/** A log of an account given by id, for the batched ingestion (log-ingestion.ts). */
export interface BatchedAccountLog {
  row: AccountLogsTable;
  /** When given, the log is written only if it is the account's domain. */
  domain: string | null;
  /** The account's live-log counter (accounts.service.ts logCounter). */
  counter: string;
  /** Its `account_log.created` outbox row (src/outbox/emit.ts), written only with the log. */
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
    `${auditedLogsCte(15)}, ` +
    // Wakes the stream's pollers and the event pumps (src/db/wakeups.ts) when a log was written.
    `"notified" as (select ${notifySql(EVENTS_CHANNEL)} from "log" limit 1) ` +
    `select "id" from "log" where (select count(*) from "notified") >= 0`,
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
