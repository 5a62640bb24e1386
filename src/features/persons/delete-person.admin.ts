import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { isFlagSet } from '../../http/query-flags.js';
import { DeletionCounts, DryRunQuery } from '../tenants/deletion.schemas.js';
import { deletePerson } from './delete-person.service.js';

const PersonDeletion = Type.Object(
  { personId: Type.String(), ...DeletionCounts },
  { additionalProperties: false },
);

/** DELETE /admin/v0/tenants/{tenant}/persons/{personId}: the person, their logs and audiences; erasure elsewhere. */
export function deletePersonAdmin(app: App): void {
  app.delete(
    '/tenants/:tenant/persons/:person_id',
    {
      config: { policy: { access: 'admin', action: 'person.delete', dryRun: true } },
      schema: {
        operationId: 'adminDeletePerson',
        tags: ['Persons'],
        summary: 'Delete a person with their logs and audiences, erasing them from events and the audit log',
        params: Type.Object({ tenant: PathId, person_id: PathId }),
        querystring: DryRunQuery,
        response: { 200: PersonDeletion, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return deletePerson(app.db, tenantId, request.params.person_id, {
        dryRun: isFlagSet(request.query.dryRun),
      });
    },
  );
}
