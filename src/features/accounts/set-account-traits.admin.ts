import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { Account, toAccount } from './accounts.schemas.js';
import { SetTraitsBody } from './traits.js';
import { changeTraits } from './traits.service.js';

/** PATCH /tenants/{tenant}/accounts/{accountId}/traits: set or remove traits (null removes a key). */
export function setAccountTraitsAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/accounts/:account_id/traits',
    {
      config: { policy: { access: 'editor', action: 'account.traits' } },
      schema: {
        operationId: 'adminSetAccountTraits',
        tags: ['Accounts'],
        summary: "Set an account's traits (industry, employees, region, tier, custom keys); null removes one",
        params: Type.Object({ tenant: PathId, account_id: PathId }),
        body: SetTraitsBody,
        response: { 200: Account },
      },
    },
    async (request) => {
      const tenantId = request.tenantId;
      return toAccount(
        await changeTraits(app.db, 'accounts', tenantId, request.params.account_id, request.body.traits),
      );
    },
  );
}
