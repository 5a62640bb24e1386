import type { App } from '../../http/app-types.js';
import { markReplayed } from '../../http/idempotency.js';
import { problemResponses } from '../../http/problem.js';
import { auditInChange } from '../audit/record-writes.js';
import { createAccountLog } from './account-logs.service.js';
import { AccountLogCreated, CreateAccountLogBody, toAccountLogCreated } from './activity.schemas.js';

export function createAccountLogRoute(app: App): void {
  app.post(
    '/v0/account_logs',
    {
      config: { scope: 'persons:write' },
      schema: {
        operationId: 'createAccountLog',
        tags: ['Accounts'],
        summary: 'Create an account log entry',
        description:
          'Records an event of an account (a webhook from another system, a note...). The account is `accountId` if given ' +
          '(404 `account_not_found` when unknown; 400 when a `domain` sent with it is not its domain), else the account of ' +
          '`domain` (normalised), created when missing and named `name`, else the domain. `type` defaults to `webhook`. ' +
          'With an `idempotencyKey`, a repeated request answers the first result with `Idempotent-Replayed: true`; the ' +
          'same key with another body is a 422.',
        body: CreateAccountLogBody,
        response: {
          201: AccountLogCreated,
          ...problemResponses('account_not_found', 'conflict', 'idempotency_key_reused'),
        },
      },
    },
    async (request, reply) => {
      // The hottest write: its audit entry is committed with the log, not in a second transaction.
      const audit = await auditInChange(app, request, 'account_log');
      const { record, replayed } = await createAccountLog(
        app.db,
        request.tenantId,
        request.body,
        Date.now(),
        audit,
      );
      if (replayed) markReplayed(reply);
      return reply
        .code(201)
        .header('Location', `/v0/accounts/${record.account_id}/logs/${record.id}`)
        .send(toAccountLogCreated(record));
    },
  );
}
