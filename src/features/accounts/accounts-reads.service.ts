import { readCounter } from '../../db/counters.repository.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { containsPattern, type SearchPage, windowedSearchPage } from '../../lists/windowed-search.js';
import {
  accountsWindowEnd,
  findAccount,
  listAccounts as listAccountRows,
  searchAccounts,
} from './accounts.repository.js';
import { toAccount } from './accounts.schemas.js';
import { ACCOUNTS_COUNTER, EMPTY_ACCOUNTS_COUNTER } from './accounts.service.js';

type Account = ReturnType<typeof toAccount>;

/**
 * Operator reads of accounts: `GET /admin/v0/tenants/{tenant}/accounts...` and
 * `quire accounts list|show` (their activity: activity/activity-reads.service.ts).
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
