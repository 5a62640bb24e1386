import type { Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { findAccountForUpdate, setAccountTraits } from './accounts.repository.js';
import { MAX_TRAITS, mergeTraits, parseTraits, type SetTraitsBody } from './traits.js';

/** An operator sets an account's traits (the admin API, `quire accounts traits`, the console). */
export async function changeAccountTraits(
  db: Db,
  tenantId: string,
  accountId: string,
  change: SetTraitsBody['traits'],
) {
  return writeTransaction(db, async (tx) => {
    const account = await findAccountForUpdate(tx, tenantId, accountId);
    if (account === undefined) throw new ApiError('account_not_found', `Account ${accountId} not found`);
    const traits = mergeTraits(parseTraits(account.traits), change);
    if (traits === null)
      throw ApiError.invalidField('/traits', `an account has at most ${MAX_TRAITS} traits`, 'invalid_length');
    return (await setAccountTraits(tx, tenantId, accountId, JSON.stringify(traits), Date.now()))!;
  });
}
