import type { Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { MAX_TRAITS, mergeTraits, parseTraits, type SetTraitsBody } from '../accounts/traits.js';
import { findPersonForUpdate, setPersonTraits } from './persons.repository.js';

/** An operator sets a person's traits (the admin API, `quire persons traits`, the console). */
export async function changePersonTraits(
  db: Db,
  tenantId: string,
  personId: string,
  change: SetTraitsBody['traits'],
) {
  return writeTransaction(db, async (tx) => {
    const person = await findPersonForUpdate(tx, tenantId, personId);
    if (person === undefined) throw ApiError.notFound('Person');
    const traits = mergeTraits(parseTraits(person.traits), change);
    if (traits === null)
      throw ApiError.invalidField('/traits', `a person has at most ${MAX_TRAITS} traits`, 'invalid_length');
    return (await setPersonTraits(tx, tenantId, personId, JSON.stringify(traits), Date.now()))!;
  });
}
