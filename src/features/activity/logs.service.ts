import { addToCounter } from '../../db/counters.repository.js';
import type { Db, LogTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { logCounter, recomputeLatestActivity } from '../accounts/accounts.service.js';
import { toAccountLog } from './activity.schemas.js';
import { findLog, setLogDeletedAt, updateLogPayload } from './logs.repository.js';

/** The source of user-authored logs (a note typed by a person): the only editable ones. */
export const USER_SOURCE = 'user';

/**
 * PATCH of an account or person log: sets `payload.text`, keeps the other members, stamps
 * updatedAt. Not the owner's log (or another tenant's): 404. Not user-authored: 409
 * `log_not_editable`. Deleted: 409 `conflict` (restore it first).
 */
export async function editLogText(
  db: Db,
  tenantId: string,
  table: LogTable,
  owner: { column: 'account_id' | 'person_id'; id: string },
  logId: string,
  text: string,
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const log = await findLog(tx, tenantId, table, logId, owner);
    if (log === undefined) throw ApiError.notFound(table === 'account_logs' ? 'Account log' : 'Person log');
    if (log.source !== USER_SOURCE)
      throw new ApiError(
        'log_not_editable',
        `Only logs with source "${USER_SOURCE}" can be edited; this one is "${log.source}"`,
      );
    if (log.deleted_at !== null)
      throw new ApiError('conflict', 'The log is deleted; restore it before editing');
    const payload = JSON.parse(log.payload) as Record<string, unknown>;
    payload.text = text;
    await updateLogPayload(tx, tenantId, table, logId, JSON.stringify(payload), Date.now());
  });
}

/** GET /v0/accounts/{id}/logs/{logId}: one log of the account, deleted ones included; else 404. */
export async function getAccountLog(
  db: Db,
  tenantId: string,
  accountId: string,
  logId: string,
): Promise<ReturnType<typeof toAccountLog>> {
  const owner = { column: 'account_id', id: accountId } as const;
  const log = await findLog(db, tenantId, 'account_logs', logId, owner);
  if (log === undefined) throw ApiError.notFound('Account log');
  return toAccountLog(log);
}

export type DeleteOutcome = 'deleted' | 'already_deleted' | 'restored' | 'not_deleted';

/**
 * Operator soft-delete (`deleted: true`) or undelete of a log of either kind: moves the live and
 * deleted counters of its account and recomputes the account's latestActivityAt. Repeating it
 * changes nothing.
 */
export async function setLogDeleted(
  db: Db,
  tenantId: string,
  table: LogTable,
  logId: string,
  deleted: boolean,
): Promise<DeleteOutcome> {
  return writeTransaction(db, async (tx) => {
    const log = await findLog(tx, tenantId, table, logId);
    if (log === undefined) throw ApiError.notFound(table === 'account_logs' ? 'Account log' : 'Person log');
    const changed = await setLogDeletedAt(tx, tenantId, table, logId, deleted ? Date.now() : null);
    if (!changed) return deleted ? 'already_deleted' : 'not_deleted';
    if (log.account_id !== null) {
      const [from, to] = deleted ? (['live', 'deleted'] as const) : (['deleted', 'live'] as const);
      await addToCounter(tx, tenantId, logCounter(log.account_id, table, from), -1);
      await addToCounter(tx, tenantId, logCounter(log.account_id, table, to), 1);
      const account = await findAccount(tx, tenantId, log.account_id);
      if (account !== undefined) await recomputeLatestActivity(tx, tenantId, account);
    }
    return deleted ? 'deleted' : 'restored';
  });
}

/** Tells the kind of a log from its id prefix (`accountlog_`, `personlog_`); null for neither. */
export function logTableOf(logId: string): LogTable | null {
  if (logId.startsWith('accountlog_')) return 'account_logs';
  if (logId.startsWith('personlog_')) return 'person_logs';
  return null;
}
