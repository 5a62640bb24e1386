import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId, SuccessFlag } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { EditLogTextBody } from '../accounts/accounts.schemas.js';
import { editLogText } from '../accounts/logs.service.js';

export function editPersonLogRoute(app: App): void {
  app.patch(
    '/v0/persons/:person_id/logs/:person_log_id',
    {
      schema: {
        operationId: 'updatePersonLog',
        tags: ['Persons'],
        summary: 'Replace the text of a user-authored person log',
        description:
          'Sets `payload.text` (other payload members are kept) and `updatedAt`. Only logs with `source: "user"` are ' +
          'editable: any other answers 409 `log_not_editable`; a deleted log answers 409 `conflict`.',
        params: Type.Object({ person_id: PathId, person_log_id: PathId }),
        body: EditLogTextBody,
        response: { 200: SuccessFlag, ...problemResponses(404, 409) },
      },
    },
    async (request) => {
      const { person_id, person_log_id } = request.params;
      await editLogText(
        app.db,
        request.tenantId,
        'person_logs',
        { column: 'person_id', id: person_id },
        person_log_id,
        request.body.text,
      );
      return { success: true };
    },
  );
}
