import { addToCounter } from '../../db/counters.repository.js';
import { writeOrRehearse } from '../../db/rehearsal.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import type { Deletion } from '../tenants/delete-tenant.service.js';
import {
  deleteAccountLogsOf,
  deleteAccountRow,
  deleteCounters,
  unlinkFromAccount,
} from './account-deletion.repository.js';
import { findAccount } from './accounts.repository.js';
import { ACCOUNTS_COUNTER, EMPTY_ACCOUNTS_COUNTER, logCounter } from './accounts.service.js';

export interface AccountDeletion extends Deletion {
  accountId: string;
}

/**
 * Deletes an account (a company) with its own logs, in one transaction. Its persons stay, unlinked
 * (no account), and so do their logs (unlinked too): a person is deleted on their own. With
 * `dryRun` the same work is rolled back and its counts answered. Another tenant's account is a 404.
 * A later log or person with the account's domain creates a new account.
 */
export async function deleteAccount(
  db: Db,
  tenantId: string,
  accountId: string,
  { dryRun }: { dryRun: boolean },
): Promise<AccountDeletion> {
  return writeOrRehearse(db, dryRun, async (tx) => {
    const account = await findAccount(tx, tenantId, accountId);
    if (account === undefined) throw ApiError.notFound(`Account "${accountId}"`);
    const removed: Record<string, number> = {};
    const changed: Record<string, number> = {};
    const logs = await deleteAccountLogsOf(tx, tenantId, accountId);
    if (logs > 0) removed.accountLogs = logs;
    for (const [kind, n] of Object.entries(await unlinkFromAccount(tx, tenantId, accountId, Date.now())))
      if (n > 0) changed[kind] = n;
    await deleteCounters(
      tx,
      tenantId,
      (['account_logs', 'person_logs'] as const).flatMap((table) =>
        (['live', 'deleted'] as const).map((state) => logCounter(accountId, table, state)),
      ),
    );
    removed.accounts = await deleteAccountRow(tx, tenantId, accountId);
    await addToCounter(tx, tenantId, ACCOUNTS_COUNTER, -1);
    if (Number(account.linked_persons_count) === 0)
      await addToCounter(tx, tenantId, EMPTY_ACCOUNTS_COUNTER, -1);
    return { accountId, dryRun, removed, changed };
  });
}
