import type { DB, Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { normalizeDomain } from '../../domain/normalize-domain.js';
import { ApiError } from '../../errors.js';
import { findAccount, findAccountByDomain } from './accounts.repository.js';
import { MAX_TRAITS, mergeTraits, parseTraits, type SetTraitsBody } from './traits.js';
import { findTraitsForUpdate, storeTraits, type TraitsTable } from './traits.repository.js';

const MISSING: Record<TraitsTable, (id: string) => ApiError> = {
  accounts: (id) => new ApiError('account_not_found', `Account ${id} not found`),
  persons: () => ApiError.notFound('Person'),
};

/**
 * An operator sets an account's or a person's traits (the admin API, `quire accounts traits` /
 * `quire persons traits`, the console, the demo seed): a key set to null is removed, keys not named stay; at most MAX_TRAITS.
 */
export async function changeTraits<T extends TraitsTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
  change: SetTraitsBody['traits'],
): Promise<import('kysely').Selectable<DB[T]>> {
  return writeTransaction(db, async (tx) => {
    const row = await findTraitsForUpdate(tx, table, tenantId, id);
    if (row === undefined) throw MISSING[table](id);
    const traits = mergeTraits(parseTraits(row.traits), change);
    if (traits === null) {
      const kind = table === 'accounts' ? 'an account' : 'a person';
      throw ApiError.invalidField('/traits', `${kind} has at most ${MAX_TRAITS} traits`, 'invalid_length');
    }
    return (await storeTraits(tx, table, tenantId, id, JSON.stringify(traits), Date.now())) as never;
  });
}

/** The id of the account an operator names by its id or its domain (the CLI's `quire accounts traits`). */
export async function accountIdFor(db: Db, tenantId: string, domainOrId: string): Promise<string> {
  const byId = await findAccount(db, tenantId, domainOrId);
  if (byId !== undefined) return byId.id;
  const domain = normalizeDomain(domainOrId);
  const byDomain = domain === null ? undefined : await findAccountByDomain(db, tenantId, domain);
  if (byDomain === undefined) throw MISSING.accounts(domainOrId);
  return byDomain.id;
}
