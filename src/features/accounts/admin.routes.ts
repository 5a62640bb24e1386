import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { Payload } from './accounts.schemas.js';
import { addPersonLog, setLogDeletedByOperator } from './logs.operator.js';

const Slug = { minLength: 1, maxLength: 100, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' };

/** Operator API for logs (the same code as `quire logs`): person logs, soft-delete and restore. */
export function logsAdminRoutes(app: App): void {
  app.post(
    '/tenants/:tenant/persons/:person_id/logs',
    {
      schema: {
        params: Type.Object({ tenant: PathId, person_id: PathId }),
        body: Type.Object(
          {
            source: Type.String(Slug),
            type: Type.Optional(Type.String(Slug)),
            payload: Payload,
            idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const log = await addPersonLog(app.db, request.params.tenant, request.params.person_id, request.body);
      if (log.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send(log);
    },
  );
  for (const [verb, deleted] of [
    ['delete', true],
    ['undelete', false],
  ] as const) {
    app.post(
      `/tenants/:tenant/logs/:log_id/${verb}`,
      { schema: { params: Type.Object({ tenant: PathId, log_id: PathId }) } },
      async (request) =>
        setLogDeletedByOperator(app.db, request.params.tenant, request.params.log_id, deleted),
    );
  }
}
