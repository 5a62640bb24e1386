import { type Static, Type } from 'typebox';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { requireTenant } from '../tenants/require-tenant.js';
import { setAccountName } from './accounts.repository.js';
import { Account, toAccount } from './accounts.schemas.js';

export const RenameAccountBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type RenameAccountBody = Static<typeof RenameAccountBody>;

/** An operator renames an account (the admin API and `quire accounts rename`). */
export async function renameAccount(db: Db, tenantId: string, accountId: string, name: string) {
  if (name.trim() === '') throw ApiError.invalidField('/name', 'name must have visible text');
  const row = await setAccountName(db, tenantId, accountId, name, Date.now());
  if (row === undefined) throw new ApiError('account_not_found', `Account ${accountId} not found`);
  return row;
}

/** PATCH /tenants/{tenant}/accounts/{accountId}: rename an account. */
export function renameAccountAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/accounts/:account_id',
    {
      schema: {
        operationId: 'adminRenameAccount',
        tags: ['Accounts'],
        summary: 'Rename an account',
        params: Type.Object({ tenant: PathId, account_id: PathId }),
        body: RenameAccountBody,
        response: { 200: Account },
      },
    },
    async (request) => {
      const tenantId = await requireTenant(app.db, request.params.tenant);
      return toAccount(await renameAccount(app.db, tenantId, request.params.account_id, request.body.name));
    },
  );
}
