import type { App } from '../../http/app-types.js';
import { Account, toAccount } from './accounts.schemas.js';
import { setTraitsAdminRoute } from './traits.admin.js';

/** PATCH /tenants/{tenant}/accounts/{accountId}/traits: set or remove traits (null removes a key). */
export function setAccountTraitsAdminRoute(app: App): void {
  setTraitsAdminRoute(app, 'accounts', {
    idParam: 'account_id',
    action: 'account.traits',
    operationId: 'adminSetAccountTraits',
    tag: 'Accounts',
    summary: "Set an account's traits (industry, employees, region, tier, custom keys); null removes one",
    response: Account,
    present: toAccount,
  });
}
