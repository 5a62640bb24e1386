import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { Person } from './persons.schemas.js';
import { showPerson } from './persons-reads.service.js';

export function getPersonAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/persons/:person_id',
    {
      schema: {
        operationId: 'adminGetPerson',
        tags: ['Persons'],
        summary: 'Show a person',
        params: Type.Object({ tenant: PathId, person_id: PathId }),
        response: { 200: Person, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      showPerson(app.db, await requireTenant(app.db, request.params.tenant), request.params.person_id),
  );
}
