import { type Static, Type } from 'typebox';
import type { Db, PersonsTable } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { updatePersonRow } from './persons.repository.js';
import { CreatePersonBody, Person, toPerson } from './persons.schemas.js';

/**
 * What an operator may correct on a person: the members of POST /v0/persons with the same rules,
 * except `domain` (it decides the person's account, its counts and activity). The slug stays, so
 * links made with the person's route key keep working.
 */
export const EditPersonBody = Type.Partial(Type.Omit(CreatePersonBody, ['domain']), {
  additionalProperties: false,
});
export type EditPersonBody = Static<typeof EditPersonBody>;

export async function editPerson(db: Db, tenantId: string, personId: string, input: EditPersonBody) {
  if (input.name !== undefined && input.name.trim() === '') {
    throw ApiError.invalidField('/name', 'name must have visible text');
  }
  const changes: Partial<PersonsTable> = { updated_at: Date.now() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.phoneNumber !== undefined) changes.phone_number = input.phoneNumber;
  if (input.linkedinProfileUrl !== undefined) changes.linkedin_profile_url = input.linkedinProfileUrl;
  const row = await updatePersonRow(db, tenantId, personId, changes);
  if (row === undefined) throw ApiError.notFound('Person');
  return row;
}

/** PATCH /tenants/{tenant}/persons/{personId}: correct a person's name, email, phone or LinkedIn URL. */
export function editPersonAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/persons/:person_id',
    {
      schema: {
        operationId: 'adminEditPerson',
        tags: ['Persons'],
        summary: "Correct a person's name, email, phone or LinkedIn profile",
        params: Type.Object({ tenant: PathId, person_id: PathId }),
        body: EditPersonBody,
        response: { 200: Person },
      },
    },
    async (request) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      return toPerson(await editPerson(app.db, tenantId, request.params.person_id, request.body));
    },
  );
}
