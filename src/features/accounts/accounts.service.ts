import { addToCounter } from '../../db/counters.repository.js';
import type { AccountsTable, Executor, LogTable } from '../../db/schema.js';
import { normalizeDomain } from '../../domain/normalize-domain.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { emitEvent } from '../../outbox/emit.js';
import { accountCreated } from './account-events.js';
import {
  findAccountByDomain,
  insertAccountUnlessDomainTaken,
  lockAccountRow,
  moveLinkedPersons,
  newestLiveLogAt,
  setLatestActivity,
} from './accounts.repository.js';

/**
 * Maintained counts (src/db/counters.repository.ts) behind the exact, cheap `totalCount`s:
 * all accounts, accounts without linked persons, and per account its logs split by kind and by
 * live/deleted, so every combination of `includeDeleted` and `includePersonActivity` is a sum.
 */
export const ACCOUNTS_COUNTER = 'accounts';
export const EMPTY_ACCOUNTS_COUNTER = 'accounts:empty';

export function logCounter(accountId: string, table: LogTable, state: 'live' | 'deleted'): string {
  return `${table}:${accountId}:${state}`;
}

/** The normal form of a client's domain, or a 400 naming `pointer`. */
export function domainOrThrow(input: string, pointer = '/domain'): string {
  const domain = normalizeDomain(input);
  if (domain === null) throw ApiError.invalidField(pointer, 'domain must be a hostname such as example.com');
  return domain;
}

/**
 * The account of a (normalised) domain, created with `name` when none has it. Concurrent creates of
 * one domain meet at the unique index: one inserts, the others wait for it and then read its row.
 */
export async function ensureAccount(
  tx: Executor,
  tenantId: string,
  domain: string,
  name: string,
  at: number,
): Promise<AccountsTable> {
  // Most calls find the account: one indexed read. Only a miss tries the insert, where the
  // unique index settles a race.
  const found = await findAccountByDomain(tx, tenantId, domain);
  if (found !== undefined) return found;
  const row: AccountsTable = {
    tenant_id: tenantId,
    id: newId('account'),
    domain,
    name,
    traits: '{}',
    created_at: at,
    updated_at: at,
    latest_activity_at: at,
    linked_persons_count: 0,
  };
  if (await insertAccountUnlessDomainTaken(tx, row)) {
    await addToCounter(tx, tenantId, ACCOUNTS_COUNTER, 1);
    await addToCounter(tx, tenantId, EMPTY_ACCOUNTS_COUNTER, 1);
    await emitEvent(tx, tenantId, accountCreated(row), at);
    return row;
  }
  const existing = await findAccountByDomain(tx, tenantId, domain);
  // Only possible if the row's creator rolled back after we waited on it: a retry will create it.
  if (existing === undefined)
    throw new ApiError('conflict', 'The account was being created concurrently; retry');
  return existing;
}

/** Links a newly created person to the account: one more linked person, maybe one fewer empty account. */
export async function linkPerson(
  tx: Executor,
  tenantId: string,
  accountId: string,
  at: number,
): Promise<void> {
  const count = await moveLinkedPersons(tx, tenantId, accountId, 1, at);
  if (count === 1) await addToCounter(tx, tenantId, EMPTY_ACCOUNTS_COUNTER, -1);
}

/**
 * Recomputes latestActivityAt after a log was deleted or undeleted: the newest live log of either
 * kind, else the account's createdAt. The row lock comes first, so a log added concurrently either
 * is seen here or moves the value forward after us.
 */
export async function recomputeLatestActivity(
  tx: Executor,
  tenantId: string,
  account: Pick<AccountsTable, 'id' | 'created_at'>,
): Promise<void> {
  await lockAccountRow(tx, tenantId, account.id);
  const [ownLog, personLog] = await Promise.all([
    newestLiveLogAt(tx, tenantId, 'account_logs', account.id),
    newestLiveLogAt(tx, tenantId, 'person_logs', account.id),
  ]);
  const latest = Math.max(ownLog ?? account.created_at, personLog ?? account.created_at);
  await setLatestActivity(tx, tenantId, account.id, latest);
}
