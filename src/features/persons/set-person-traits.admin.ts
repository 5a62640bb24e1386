import type { App } from '../../http/app-types.js';
import { setTraitsAdminRoute } from '../accounts/traits.admin.js';
import { Person, toPerson } from './persons.schemas.js';

/** PATCH /tenants/{tenant}/persons/{personId}/traits: set or remove traits (null removes a key). */
export function setPersonTraitsAdminRoute(app: App): void {
  setTraitsAdminRoute(app, 'persons', {
    idParam: 'person_id',
    action: 'person.traits',
    operationId: 'adminSetPersonTraits',
    tag: 'Persons',
    summary: "Set a person's traits (role, seniority, custom keys); null removes one",
    response: Person,
    present: toPerson,
  });
}
