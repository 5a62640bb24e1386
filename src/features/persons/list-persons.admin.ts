import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { SEARCH_DESCRIPTION, SearchQuery } from '../../http/windowed-search.schemas.js';
import { Person } from './persons.schemas.js';
import { listPersons, searchPersonList } from './persons-reads.service.js';

export function listPersonsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/persons',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListPersons',
        tags: ['Persons'],
        summary: "List a tenant's persons, newest first",
        description:
          'The same list as `GET /v0/persons`, for any tenant. `totalCount` is exact, or null with `q`. ' +
          SEARCH_DESCRIPTION,
        params: Type.Object({ tenant: PathId }),
        querystring: Type.Object({
          q: SearchQuery('Only persons whose name, email or domain contains this (any case).'),
          cursor: CursorQuery,
          limit: LimitQuery,
        }),
        response: {
          200: PageOf(Person, { nullableTotal: true }),
          ...problemResponses('not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { tenantId } = request;
      const { q, ...page } = request.query;
      const search = q?.trim();
      return search ? searchPersonList(app.db, tenantId, search, page) : listPersons(app.db, tenantId, page);
    },
  );
}
