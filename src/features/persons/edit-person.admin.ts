import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { editPerson } from './edit-person.service.js';
import { EditPersonBody, Person, toPerson } from './persons.schemas.js';

/** PATCH /tenants/{tenant}/persons/{personId}: correct a person's name, email, phone or LinkedIn URL. */
export function editPersonAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/persons/:person_id',
    {
      config: { policy: { access: 'editor', action: 'person.update' } },
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
      const { tenantId } = request;
      return toPerson(await editPerson(app.db, tenantId, request.params.person_id, request.body));
    },
  );
}
