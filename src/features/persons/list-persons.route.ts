import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Person } from './persons.schemas.js';
import { listPersons } from './persons-reads.service.js';

export function listPersonsRoute(app: App): void {
  app.get(
    '/v0/persons',
    {
      config: { scope: 'persons:read' },
      schema: {
        operationId: 'listPersons',
        tags: ['Persons'],
        summary: 'List persons, newest first',
        description:
          'Persons of your tenant, newest first (`createdAt` descending, then id). Keyset pagination: pass `nextCursor` back as `cursor`. `totalCount` is exact.',
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }),
        response: { 200: PageOf(Person, { nullableTotal: true }), ...problemResponses('invalid_cursor') },
      },
    },
    async (request) => listPersons(app.db, request.tenantId, request.query),
  );
}
