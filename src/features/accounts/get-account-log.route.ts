import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { AccountLog } from './accounts.schemas.js';
import { getAccountLog } from './logs.service.js';

export function getAccountLogRoute(app: App): void {
  app.get(
    '/v0/accounts/:account_id/logs/:account_log_id',
    {
      config: { scope: 'persons:read' },
      schema: {
        operationId: 'getAccountLog',
        tags: ['Accounts'],
        summary: 'Get an account log entry',
        description: 'One log of the account, deleted ones included (then `deletedAt` is set).',
        params: Type.Object({ account_id: PathId, account_log_id: PathId }),
        response: { 200: AccountLog, ...problemResponses('not_found') },
      },
    },
    async (request) =>
      getAccountLog(app.db, request.tenantId, request.params.account_id, request.params.account_log_id),
  );
}
