import { Type } from 'typebox';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { AccountLog, toAccountLog } from './activity.schemas.js';
import { findOwnedLog } from './logs.repository.js';

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
    async (request) => {
      const { account_id, account_log_id } = request.params;
      const log = await findOwnedLog(
        app.db,
        request.tenantId,
        'account_logs',
        { column: 'account_id', id: account_id },
        account_log_id,
      );
      if (log === undefined) throw ApiError.notFound('Account log');
      return toAccountLog(log);
    },
  );
}
