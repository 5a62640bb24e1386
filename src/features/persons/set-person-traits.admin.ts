import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { SetTraitsBody } from '../accounts/traits.js';
import { changeTraits } from '../accounts/traits.service.js';
import { Person, toPerson } from './persons.schemas.js';

/** PATCH /tenants/{tenant}/persons/{personId}/traits: set or remove traits (null removes a key). */
export function setPersonTraitsAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/persons/:person_id/traits',
    {
      config: { policy: { access: 'editor', action: 'person.traits' } },
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
        await changeTraits(app.db, 'persons', tenantId, request.params.person_id, request.body.traits),
      );
    },
  );
}
