import type { Db, PersonsTable } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { updatePersonRow } from './persons.repository.js';
import type { EditPersonBody } from './persons.schemas.js';

/** An operator corrects a person (the admin API and `quire persons edit`). */
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
