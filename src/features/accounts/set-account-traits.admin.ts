import { Type } from 'typebox';
import type { Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { findAccountForUpdate, setAccountTraits } from './accounts.repository.js';
import { Account, toAccount } from './accounts.schemas.js';
import { MAX_TRAITS, mergeTraits, parseTraits, SetTraitsBody } from './traits.js';

/** An operator sets an account's traits (the admin API, `quire accounts traits`, the console). */
export async function changeAccountTraits(
  db: Db,
  tenantId: string,
  accountId: string,
  change: SetTraitsBody['traits'],
) {
  return writeTransaction(db, async (tx) => {
    const account = await findAccountForUpdate(tx, tenantId, accountId);
    if (account === undefined) throw new ApiError('account_not_found', `Account ${accountId} not found`);
    const traits = mergeTraits(parseTraits(account.traits), change);
    if (traits === null)
      throw ApiError.invalidField('/traits', `an account has at most ${MAX_TRAITS} traits`, 'invalid_length');
    return (await setAccountTraits(tx, tenantId, accountId, JSON.stringify(traits), Date.now()))!;
  });
}

/** PATCH /tenants/{tenant}/accounts/{accountId}/traits: set or remove traits (null removes a key). */
export function setAccountTraitsAdminRoute(app: App): void {
  app.patch(
    '/tenants/:tenant/accounts/:account_id/traits',
    {
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
        await changeAccountTraits(app.db, tenantId, request.params.account_id, request.body.traits),
      );
    },
  );
}
