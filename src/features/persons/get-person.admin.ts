import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Person } from './persons.schemas.js';
import { showPerson } from './persons-reads.service.js';

export function getPersonAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/persons/:person_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetPerson',
        tags: ['Persons'],
        summary: 'Show a person',
        params: Type.Object({ tenant: PathId, person_id: PathId }),
        response: { 200: Person, ...problemResponses('not_found') },
      },
    },
    async (request) => showPerson(app.db, request.tenantId, request.params.person_id),
  );
}
