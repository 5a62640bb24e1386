import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { CreatePersonBody, Person, toPerson } from './persons.schemas.js';
import { createPerson } from './persons.service.js';

export function createPersonRoute(app: App): void {
  app.post(
    '/v0/persons',
    {
      config: { scope: 'persons:write' },
      schema: {
        operationId: 'createPerson',
        tags: ['Persons'],
        summary: 'Create a person',
        description:
          'Creates a person. `slug` is derived from the name and unique in the tenant. A `domain` is normalised (`https://www.Acme.com/` becomes `acme.com`).',
        body: CreatePersonBody,
        response: { 201: Person, ...problemResponses('conflict') },
      },
    },
    async (request, reply) => {
      const person = await createPerson(app.db, request.tenantId, request.body);
      return reply.code(201).header('Location', `/v0/persons/${person.id}`).send(toPerson(person));
    },
  );
}
