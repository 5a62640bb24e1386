import type { AccountsTable } from '../../db/schema.js';
import type { OutgoingEvent } from '../../outbox/emit.js';
import { toAccount } from './accounts.schemas.js';

/** `account.created`: the account as GET /v0/accounts lists it. */
export function accountCreated(row: AccountsTable): OutgoingEvent {
  return { type: 'account.created', data: { account: toAccount(row) } };
}
