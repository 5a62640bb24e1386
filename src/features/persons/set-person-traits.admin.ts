import { Type } from 'typebox';
import type { Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { MAX_TRAITS, mergeTraits, parseTraits, SetTraitsBody } from '../accounts/traits.js';
import { findPersonForUpdate, setPersonTraits } from './persons.repository.js';
import { Person, toPerson } from './persons.schemas.js';

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

/** PATCH /tenants/{tenant}/persons/{personId}/traits: set or remove traits (null removes a key). */
export function setPersonTraitsAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/persons/:person_id/traits',
    {
      schema: {
        operationId: 'adminSetPersonTraits',
        tags: ['Persons'],
        summary: "Set a person's traits (role, seniority, custom keys); null removes one",
        params: Type.Object({ tenant: PathId, person_id: PathId }),
        body: SetTraitsBody,
        response: { 200: Person },
      },
    },
    async (request) => {
      const tenantId = request.tenantId;
      return toPerson(
        await changePersonTraits(app.db, tenantId, request.params.person_id, request.body.traits),
      );
    },
  );
}
