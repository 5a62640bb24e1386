import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { setLogDeletedByOperator } from './logs.operator.js';

/**
 * POST /admin/v0/tenants/{tenant}/logs/{log_id}/delete and .../undelete: soft-delete and restore a
 * log of either kind (the same code as `quire logs`).
 */
export function deleteLogAdmin(app: App): void {
  for (const [verb, deleted, operationId, summary] of [
    ['delete', true, 'adminDeleteLog', 'Delete an activity log entry (it can be undeleted)'],
    ['undelete', false, 'adminUndeleteLog', 'Bring a deleted activity log entry back'],
  ] as const) {
    app.post(
      `/tenants/:tenant/logs/:log_id/${verb}`,
      {
        config: { policy: { access: 'editor', action: `log.${verb}` } },
        schema: {
          operationId,
          tags: ['Accounts'],
          summary,
          params: Type.Object({ tenant: PathId, log_id: PathId }),
        },
      },
      async (request) =>
        setLogDeletedByOperator(app.db, request.params.tenant, request.params.log_id, deleted),
    );
  }
}
