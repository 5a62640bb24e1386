import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId, SuccessFlag } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { EditLogTextBody } from './activity.schemas.js';
import { editLogText } from './logs.service.js';

/** What differs between PATCH of an account log and of a person log: the path and the tables. */
const LOG_KINDS = {
  account: {
    ownerParam: 'account_id',
    logParam: 'account_log_id',
    operationId: 'updateAccountLog',
    tag: 'Accounts',
    table: 'account_logs',
    ownerColumn: 'account_id',
  },
  person: {
    ownerParam: 'person_id',
    logParam: 'person_log_id',
    operationId: 'updatePersonLog',
    tag: 'Persons',
    table: 'person_logs',
    ownerColumn: 'person_id',
  },
} as const;

/** PATCH /v0/accounts/{account_id}/logs/{account_log_id} or /v0/persons/{person_id}/logs/{person_log_id} */
export function editLogRoute(app: App, kind: keyof typeof LOG_KINDS): void {
  const log = LOG_KINDS[kind];
  app.patch(
    `/v0/${kind}s/:${log.ownerParam}/logs/:${log.logParam}`,
    {
      config: { scope: 'persons:write' },
      schema: {
        operationId: log.operationId,
        tags: [log.tag],
        summary: `Replace the text of a user-authored ${kind} log`,
        description:
          'Sets `payload.text` (other payload members are kept) and `updatedAt`. Only logs with `source: "user"` are ' +
          'editable: any other answers 409 `log_not_editable`; a deleted log answers 409 `conflict`.',
        // Named as the interface names them (account_id, account_log_id...), so the API document keeps them.
        params: Type.Object({ [log.ownerParam]: PathId, [log.logParam]: PathId }),
        body: EditLogTextBody,
        response: { 200: SuccessFlag, ...problemResponses('not_found', 'conflict', 'log_not_editable') },
      },
    },
    async (request) => {
      const params = request.params as Record<string, string>;
      await editLogText(
        app.db,
        request.tenantId,
        log.table,
        { column: log.ownerColumn, id: params[log.ownerParam]! },
        params[log.logParam]!,
        request.body.text,
      );
      return { success: true };
    },
  );
}
