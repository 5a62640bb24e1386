import { readCounter } from '../../db/counters.repository.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { containsPattern, type SearchPage, windowedSearchPage } from '../../lists/windowed-search.js';
import { accountActivity } from './account-activity.js';
import {
  accountsWindowEnd,
  findAccount,
  listAccounts as listAccountRows,
  searchAccounts,
} from './accounts.repository.js';
import { toAccount, toActivityItem } from './accounts.schemas.js';
import { ACCOUNTS_COUNTER, EMPTY_ACCOUNTS_COUNTER } from './accounts.service.js';

type Account = ReturnType<typeof toAccount>;
type ActivityItem = ReturnType<typeof toActivityItem>;

/**
 * Operator reads of accounts and their activity: `GET /admin/v0/tenants/{tenant}/accounts...` and
 * `quire accounts list|show|activity`.
 */
export function listAccounts(
  db: Db,
  tenantId: string,
  request: PageRequest & { emptyOnly?: boolean },
): Promise<Page<Account>> {
  const emptyOnly = request.emptyOnly ?? false;
  return keysetPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: { emptyOnly },
    fetch: (after, size) => listAccountRows(db, tenantId, { emptyOnly, after, limit: size }),
    count: () => readCounter(db, tenantId, emptyOnly ? EMPTY_ACCOUNTS_COUNTER : ACCOUNTS_COUNTER),
    keyOf: (row) => [row.created_at, row.id],
    map: toAccount,
  });
}

/** The accounts whose name or domain contains `q`, newest first, bounded per request. */
export function searchAccountList(
  db: Db,
  tenantId: string,
  q: string,
  request: PageRequest & { emptyOnly?: boolean },
): Promise<SearchPage<Account>> {
  const emptyOnly = request.emptyOnly ?? false;
  const pattern = containsPattern(q);
  return windowedSearchPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: { emptyOnly, q },
    fetch: (after, window, limit) =>
      searchAccounts(db, tenantId, { pattern, emptyOnly, after, window, limit }),
    windowEnd: (after, window) => accountsWindowEnd(db, tenantId, after, window),
    keyOf: (row) => [row.created_at, row.id],
    map: toAccount,
  });
}

export async function showAccount(db: Db, tenantId: string, accountId: string): Promise<Account> {
  const account = await findAccount(db, tenantId, accountId);
  if (account === undefined) throw new ApiError('account_not_found', `Account ${accountId} not found`);
  return toAccount(account);
}

/** An account's logs (and its persons' logs with includePersonActivity), newest first. */
export async function listActivity(
  db: Db,
  tenantId: string,
  accountId: string,
  request: PageRequest & { includeDeleted?: boolean; includePersonActivity?: boolean },
): Promise<Page<ActivityItem>> {
  const includeDeleted = request.includeDeleted ?? false;
  const includePersonActivity = request.includePersonActivity ?? false;
  let totalCount = 0;
  const page = await keysetPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: { accountId, includeDeleted, includePersonActivity },
    fetch: async (after, size) => {
      const result = await accountActivity(db, tenantId, accountId, {
        includeDeleted,
        includePersonActivity,
        after,
        fetch: size,
      });
      totalCount = result.totalCount;
      return result.rows;
    },
    count: async () => 0, // accountActivity counts from its counters as it reads
    keyOf: (row) => [row.created_at, row.id],
    map: toActivityItem,
  });
  return { ...page, totalCount };
}
