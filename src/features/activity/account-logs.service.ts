import { addToCounter } from '../../db/counters.repository.js';
import { type CreateOnceResult, requestFingerprint } from '../../db/create-once.js';
import { dialectOf } from '../../db/database.js';
import type { AccountLogsTable, AccountsTable, AuditLogTable, Db, Executor } from '../../db/schema.js';
import { writeStatement, writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { emitEvents, eventRow } from '../../outbox/emit.js';
import {
  findAccount,
  moveLatestActivity,
  nameAccountIfNamedAfterDomain,
} from '../accounts/accounts.repository.js';
import { domainOrThrow, ensureAccount, logCounter } from '../accounts/accounts.service.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import type { AuditEntryFor } from '../audit/audit.service.js';
import { accountLogCreated } from './account-log-events.js';
import { forgetAccountOfDomain, knownAccountOfDomain } from './account-of-domain.js';
import type { CreateAccountLogBody } from './activity.schemas.js';
import { createLogOnceWith, writeLogInTransaction } from './create-log-once.js';
import { writeBatchedLog } from './log-ingestion.js';
import { insertAccountLogInOneStatement } from './log-ingestion.repository.js';
import { insertLogs, insertLogUnlessKeyTaken, type LogRow } from './logs.repository.js';

/**
 * POST /v0/account_logs: selects (or creates) the account and writes the log, its counter and the
 * account's latestActivityAt in one transaction: a handful of indexed statements, no table lock.
 * With an idempotencyKey the unique index makes concurrent duplicates create exactly one log.
 */
export async function createAccountLog(
  db: Db,
  tenantId: string,
  input: CreateAccountLogBody,
  at = Date.now(),
  /** The request's audit entry, written with the log in its transaction or statement (record-writes.ts). */
  audit?: AuditEntryFor,
): Promise<CreateOnceResult<LogRow>> {
  // Every 400 is decided before anything is written.
  if (input.accountId === undefined && input.domain === undefined) {
    const detail = 'accountId or domain is required to select the account';
    throw new ApiError('validation_failed', detail, [
      { pointer: '/accountId', detail, code: 'required' },
      { pointer: '/domain', detail, code: 'required' },
    ]);
  }
  const domain = input.domain === undefined ? null : domainOrThrow(input.domain);
  const key = input.idempotencyKey ?? null;
  const fingerprint = key === null ? null : requestFingerprint(input);
  const idempotency = key === null || fingerprint === null ? null : { key, fingerprint };
  const logRow = (accountId: string): AccountLogsTable => ({
    tenant_id: tenantId,
    id: newId('accountlog'),
    account_id: accountId,
    source: input.source,
    type: input.type,
    payload: JSON.stringify(input.payload),
    idempotency_key: key,
    request_fingerprint: fingerprint,
    created_at: at,
    updated_at: null,
    deleted_at: null,
  });
  const writeInTransaction = (row: AccountLogsTable | null) =>
    writeLogInTransaction(db, async (tx) => {
      const account = await selectAccount(tx, tenantId, input, domain, at);
      const log = row ?? logRow(account.id);
      if (!(await insertLogUnlessKeyTaken(tx, 'account_logs', log))) return null;
      await moveLatestActivity(tx, tenantId, account.id, at);
      await addToCounter(tx, tenantId, logCounter(account.id, 'account_logs', 'live'), 1);
      await emitEvents(tx, tenantId, [accountLogCreated(log)], at);
      if (audit !== undefined) await insertAuditEntry(tx, audit(log.id));
      return log;
    });
  // A log joins the batch of concurrent requests (log-ingestion.ts) when its account is known; a
  // log the batch did not write (the account gone, another domain, a taken key) or a failed batch
  // is written on its own, which answers exactly why.
  const writeBatched = (row: AccountLogsTable, entry: AuditLogTable | null) =>
    writeBatchedLog(db, {
      row,
      domain,
      counter: logCounter(row.account_id, 'account_logs', 'live'),
      event: eventRow(tenantId, accountLogCreated(row), at),
      audit: entry,
    }).catch(() => false);
  if (input.accountId === undefined) {
    // By domain, what CRM and marketing-automation webhooks send: an existing account (remembered
    // from earlier logs, else one indexed read: account-of-domain.ts) and the log is batched as if
    // given by id (the batch checks the account still has the domain). A new domain, or a `name` the account would adopt, takes the transaction: it
    // creates or renames the account, and a replayed or refused key then writes nothing at all.
    const name = input.name;
    return createLogOnceWith(db, tenantId, 'account_logs', idempotency, async () => {
      const accountId = await knownAccountOfDomain(
        db,
        tenantId,
        domain!,
        name === undefined ? null : (account) => adoptsLogName(account, name),
      );
      if (accountId === null) return writeInTransaction(null);
      const row = logRow(accountId);
      if (await writeBatched(row, audit === undefined ? null : audit(row.id))) return row;
      forgetAccountOfDomain(db, tenantId, domain!);
      return writeInTransaction(null);
    });
  }
  if (input.name !== undefined) {
    return createLogOnceWith(db, tenantId, 'account_logs', idempotency, () => writeInTransaction(null));
  }
  // The common webhook case, an account given by id.
  const row = logRow(input.accountId);
  const entry = audit === undefined ? null : audit(row.id);
  return createLogOnceWith(db, tenantId, 'account_logs', idempotency, async () => {
    if (await writeBatched(row, entry)) return row;
    return dialectOf(db) === 'postgres'
      ? writeLogOfKnownAccount(db, row, domain, entry)
      : writeInTransaction(row);
  });
}

/**
 * PostgreSQL, account given by id (the common webhook case): the log, latestActivityAt and the
 * counter in one statement (logs.repository.ts), with the same answers as the transaction path.
 */
async function writeLogOfKnownAccount(
  db: Db,
  row: AccountLogsTable,
  domain: string | null,
  audit: AuditLogTable | null,
): Promise<AccountLogsTable | null> {
  const accountId = row.account_id;
  const counter = logCounter(accountId, 'account_logs', 'live');
  const event = eventRow(row.tenant_id, accountLogCreated(row), row.created_at);
  const outcome = await writeStatement(db, (pool) =>
    insertAccountLogInOneStatement(pool, row, domain, counter, event, audit),
  );
  if (outcome.accountDomain === null)
    throw new ApiError('account_not_found', `Account ${accountId} not found`);
  if (outcome.inserted) return row;
  if (domain !== null && domain !== outcome.accountDomain)
    throw ApiError.invalidField(
      '/domain',
      `domain ${domain} is not the domain of account ${accountId} (${outcome.accountDomain})`,
      'domain_mismatch',
    );
  return null; // the idempotency key is taken
}

/**
 * The account of a new log: by accountId if given (404 `account_not_found`; a different domain alongside: 400),
 * else by domain, creating the account named `name` (else the domain) if none has it.
 */
async function selectAccount(
  tx: Executor,
  tenantId: string,
  input: CreateAccountLogBody,
  domain: string | null,
  at: number,
): Promise<AccountsTable> {
  if (input.accountId !== undefined) {
    const account = await findAccount(tx, tenantId, input.accountId);
    if (account === undefined)
      throw new ApiError('account_not_found', `Account ${input.accountId} not found`);
    if (domain !== null && domain !== account.domain)
      throw ApiError.invalidField(
        '/domain',
        `domain ${domain} is not the domain of account ${account.id} (${account.domain})`,
        'domain_mismatch',
      );
    return adoptLogName(tx, account, input.name, at);
  }
  return adoptLogName(
    tx,
    await ensureAccount(tx, tenantId, domain!, input.name ?? domain!, at),
    input.name,
    at,
  );
}

/**
 * An account created for a person's domain is named after the domain ("contoso.com"), which is not
 * a name anyone chose: the first log that brings a `name` gives it that name. Any other account
 * keeps its name (an account a log created is named by that log, so a later log does not rename it).
 */
async function adoptLogName(tx: Executor, account: AccountsTable, name: string | undefined, at: number) {
  if (name === undefined || !adoptsLogName(account, name)) return account;
  await nameAccountIfNamedAfterDomain(tx, account.tenant_id, account.id, name, at);
  return { ...account, name, updated_at: at };
}

/** Whether a log's `name` renames the account (adoptLogName). */
function adoptsLogName(account: AccountsTable, name: string | undefined): boolean {
  const namedAfterDomainForPerson = account.name === account.domain && account.linked_persons_count > 0;
  return name !== undefined && namedAfterDomainForPerson && name !== account.name;
}

export interface ImportedLog {
  source: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: number;
}

/**
 * Bulk-writes logs of one existing account (seeds, backfills, tests): multi-row inserts, the
 * counter and latestActivityAt once per batch, all in one transaction. No idempotency keys.
 */
export async function importAccountLogs(
  db: Db,
  tenantId: string,
  accountId: string,
  logs: readonly ImportedLog[],
): Promise<string[]> {
  return writeTransaction(db, async (tx) => {
    if ((await findAccount(tx, tenantId, accountId)) === undefined)
      throw new ApiError('account_not_found', `Account ${accountId} not found`);
    const ids: string[] = [];
    // 500 rows x 11 columns stays well under either database's bound-parameter limit.
    for (let start = 0; start < logs.length; start += 500) {
      const rows: AccountLogsTable[] = logs.slice(start, start + 500).map((log) => ({
        tenant_id: tenantId,
        id: newId('accountlog'),
        account_id: accountId,
        source: log.source,
        type: log.type,
        payload: JSON.stringify(log.payload),
        idempotency_key: null,
        request_fingerprint: null,
        created_at: log.createdAt,
        updated_at: null,
        deleted_at: null,
      }));
      await insertLogs(tx, 'account_logs', rows);
      await emitEvents(tx, tenantId, rows.map(accountLogCreated));
      ids.push(...rows.map((r) => r.id));
    }
    if (logs.length > 0) {
      await moveLatestActivity(tx, tenantId, accountId, Math.max(...logs.map((l) => l.createdAt)));
      await addToCounter(tx, tenantId, logCounter(accountId, 'account_logs', 'live'), logs.length);
    }
    return ids;
  });
}
