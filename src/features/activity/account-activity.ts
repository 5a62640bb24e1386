import { readCounters } from '../../db/counters.repository.js';
import type { Db, LogTable } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';
import { ApiError } from '../../errors.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { logCounter } from '../accounts/accounts.service.js';
import { type LogRow, pageOfAccountLogs } from './logs.repository.js';

export interface ActivityOptions {
  includeDeleted: boolean;
  includePersonActivity: boolean;
  after: SortKey | null;
  /** Rows to fetch: the page size plus one, which only says whether another page exists. */
  fetch: number;
}

type ActivityRow = LogRow & { person_name: string | null };

/**
 * An account's activity, newest first (created_at desc, id desc): its account logs, merged with
 * its persons' logs under `includePersonActivity`. Each kind is one range scan of its activity
 * index from the cursor on, `fetch` rows at most; the merge keeps the first `fetch` of both.
 * Ids of both kinds compare as plain strings (`accountlog_...` < `personlog_...` at equal times),
 * the same order the databases use, so a cursor resumes exactly where the page ended.
 * totalCount is a sum of maintained counters: no count(*).
 */
export async function accountActivity(
  db: Db,
  tenantId: string,
  accountId: string,
  options: ActivityOptions,
): Promise<{ rows: ActivityRow[]; totalCount: number }> {
  const account = await findAccount(db, tenantId, accountId);
  if (account === undefined) throw new ApiError('account_not_found', `Account ${accountId} not found`);
  const counterNames = activityTables(options).flatMap((table) =>
    options.includeDeleted
      ? [logCounter(account.id, table, 'live'), logCounter(account.id, table, 'deleted')]
      : [logCounter(account.id, table, 'live')],
  );
  const [rows, counters] = await Promise.all([
    activityRows(db, tenantId, account.id, options),
    readCounters(db, tenantId, counterNames),
  ]);
  let totalCount = 0;
  for (const value of counters.values()) totalCount += value;
  return { rows, totalCount };
}

/** The rows of accountActivity alone, for an account the caller has already found: no count. */
export async function activityRows(
  db: Db,
  tenantId: string,
  accountId: string,
  options: ActivityOptions,
): Promise<ActivityRow[]> {
  const pages = await Promise.all(
    activityTables(options).map((table) =>
      pageOfAccountLogs(db, tenantId, table, {
        accountId,
        includeDeleted: options.includeDeleted,
        after: options.after,
        limit: options.fetch,
      }),
    ),
  );
  return pages.flat().sort(newestFirst).slice(0, options.fetch);
}

function activityTables(options: ActivityOptions): LogTable[] {
  return options.includePersonActivity ? ['account_logs', 'person_logs'] : ['account_logs'];
}

function newestFirst(a: ActivityRow, b: ActivityRow): number {
  if (a.created_at !== b.created_at) return b.created_at - a.created_at;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
