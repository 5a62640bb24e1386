import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.js';
import { problemResponses } from '../../http/problem.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { Person } from './persons.schemas.js';
import { listPersons } from './persons-reads.service.js';

export function listPersonsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/persons',
    {
      schema: {
        operationId: 'adminListPersons',
        tags: ['Persons'],
        summary: "List a tenant's persons, newest first",
        description: 'The same list as `GET /v0/persons`, for any tenant. `totalCount` is exact.',
        params: Type.Object({ tenant: PathId }),
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }),
        response: { 200: PageOf(Person), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => listPersons(app.db, await requireTenant(app.db, request.params.tenant), request.query),
  );
}
