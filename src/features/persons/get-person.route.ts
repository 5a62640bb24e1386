import { Type } from 'typebox';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { findPerson } from './persons.repository.js';
import { Person, toPerson } from './persons.schemas.js';

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
    async (request) => {
      const person = await findPerson(app.db, request.tenantId, request.params.person_id);
      if (person === undefined) throw ApiError.notFound('Person');
      return toPerson(person);
    },
  );
}
