import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { setAccountName } from './accounts.repository.js';

/** An operator renames an account (the admin API and `quire accounts rename`). */
export async function renameAccount(db: Db, tenantId: string, accountId: string, name: string) {
  if (name.trim() === '') throw ApiError.invalidField('/name', 'name must have visible text');
  const row = await setAccountName(db, tenantId, accountId, name, Date.now());
  if (row === undefined) throw new ApiError('account_not_found', `Account ${accountId} not found`);
  return row;
}
