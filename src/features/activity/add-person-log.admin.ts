import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { AddPersonLogBody } from './activity.schemas.js';
import { addPersonLog } from './person-logs.operator.js';

/** POST /admin/v0/tenants/{tenant}/persons/{person_id}/logs (the same code as `quire logs add-person-log`). */
export function addPersonLogAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/persons/:person_id/logs',
    {
      config: { policy: { access: 'editor', action: 'person_log.create' } },
      schema: {
        operationId: 'adminCreatePersonLog',
        tags: ['Persons'],
        summary: 'Log an activity of a person',
        params: Type.Object({ tenant: PathId, person_id: PathId }),
        body: AddPersonLogBody,
      },
    },
    async (request, reply) => {
      const log = await addPersonLog(app.db, request.params.tenant, request.params.person_id, request.body);
      if (log.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send(log);
    },
  );
}
