import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { deletePersonAdmin } from './delete-person.admin.js';
import { editPersonAdminRoute } from './edit-person.admin.js';
import { getPersonAdmin } from './get-person.admin.js';
import { listPersonsAdmin } from './list-persons.admin.js';
import { addPersonLog } from './person-logs.operator.js';
import { AddPersonLogBody } from './persons.schemas.js';
import { setPersonTraitsAdminRoute } from './set-person-traits.admin.js';

/** Operator API for person logs (the same code as `quire logs add-person-log`). */
export function personLogsAdminRoutes(app: App): void {
  listPersonsAdmin(app);
  getPersonAdmin(app);
  app.post(
    '/tenants/:tenant/persons/:person_id/logs',
    {
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
  editPersonAdminRoute(app);
  setPersonTraitsAdminRoute(app);
  deletePersonAdmin(app);
}
