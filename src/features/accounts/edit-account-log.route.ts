import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId, SuccessFlag } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { EditLogTextBody } from './accounts.schemas.js';
import { editLogText } from './logs.service.js';

export function editAccountLogRoute(app: App): void {
  app.patch(
    '/v0/accounts/:account_id/logs/:account_log_id',
    {
      schema: {
        operationId: 'updateAccountLog',
        tags: ['Accounts'],
        summary: 'Replace the text of a user-authored account log',
        description:
          'Sets `payload.text` (other payload members are kept) and `updatedAt`. Only logs with `source: "user"` are ' +
          'editable: any other answers 409 `log_not_editable`; a deleted log answers 409 `conflict`.',
        params: Type.Object({ account_id: PathId, account_log_id: PathId }),
        body: EditLogTextBody,
        response: { 200: SuccessFlag, ...problemResponses(404, 409) },
      },
    },
    async (request) => {
      const { account_id, account_log_id } = request.params;
      await editLogText(
        app.db,
        request.tenantId,
        'account_logs',
        { column: 'account_id', id: account_id },
        account_log_id,
        request.body.text,
      );
      return { success: true };
    },
  );
}
