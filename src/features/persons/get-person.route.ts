import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Person } from './persons.schemas.js';
import { showPerson } from './persons-reads.service.js';

export function getPersonRoute(app: App): void {
  app.get(
    '/v0/persons/:person_id',
    {
      config: { scope: 'persons:read' },
      schema: {
        operationId: 'getPerson',
        tags: ['Persons'],
        summary: 'Get a person',
        description: 'One person of your tenant; a person of another tenant, or an unknown id, is a 404.',
        params: Type.Object({ person_id: PathId }),
        response: { 200: Person, ...problemResponses('not_found') },
      },
    },
    async (request) => showPerson(app.db, request.tenantId, request.params.person_id),
  );
}
