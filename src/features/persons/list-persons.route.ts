import { Type } from 'typebox';
import { readCounter } from '../../db/counters.repository.js';
import type { App } from '../../http/app-types.js';
import { CursorQuery, decodeCursor, LimitQuery, PageOf, pageSize, toPage } from '../../http/pagination.js';
import { problemResponses } from '../../http/problem.js';
import { listPersons } from './persons.repository.js';
import { Person, toPerson } from './persons.schemas.js';
import { PERSONS_COUNTER } from './persons.service.js';

const SORT_KEY = ['number', 'string'] as const; // created_at desc, id desc

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
    async (request) => {
      const filters = {};
      const after = decodeCursor(request.query.cursor, SORT_KEY, filters);
      const limit = pageSize(request.query.limit);
      const [rows, totalCount] = await Promise.all([
        listPersons(app.db, request.tenantId, after, limit + 1),
        readCounter(app.db, request.tenantId, PERSONS_COUNTER),
      ]);
      return toPage(rows, limit, {
        keyOf: (row) => [row.created_at, row.id],
        filters,
        totalCount,
        map: toPerson,
      });
    },
  );
}
