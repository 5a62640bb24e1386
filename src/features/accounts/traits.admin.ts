import type { Selectable } from 'kysely';
import { type TSchema, Type } from 'typebox';
import type { DB } from '../../db/schema.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { SetTraitsBody } from './traits.js';
import { changeTraits } from './traits.service.js';

/**
 * PATCH /tenants/{tenant}/{accounts|persons}/{id}/traits: set or remove the traits of an account
 * or a person (null removes a key). One route for both, as traits are one thing (traits.ts); the
 * path parameter keeps each kind's name (`account_id`, `person_id`).
 */
export function setTraitsAdminRoute<T extends 'accounts' | 'persons'>(
  app: App,
  table: T,
  route: {
    idParam: 'account_id' | 'person_id';
    action: string;
    operationId: string;
    tag: string;
    summary: string;
    response: TSchema;
    present: (row: Selectable<DB[T]>) => unknown;
  },
): void {
  app.patch(
    `/tenants/:tenant/${table}/:${route.idParam}/traits`,
    {
      config: { policy: { access: 'editor', action: route.action } },
      schema: {
        operationId: route.operationId,
        tags: [route.tag],
        summary: route.summary,
        params: Type.Object({ tenant: PathId, [route.idParam]: PathId }),
        body: SetTraitsBody,
        response: { 200: route.response },
      },
    },
    async (request) => {
      const id = (request.params as Record<string, string>)[route.idParam]!;
      return route.present(await changeTraits(app.db, table, request.tenantId, id, request.body.traits));
    },
  );
}
