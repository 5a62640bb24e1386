import type { OutgoingEvent } from '../../outbox/emit.js';
import { toAccountLogCreated } from './activity.schemas.js';
import type { LogRow } from './logs.repository.js';

/**
 * `account_log.created`: the log as POST /v0/account_logs answers it (ids, source, type, time). Its
 * payload, which may be up to the body limit, is not copied: GET the log for it.
 */
export function accountLogCreated(row: LogRow): OutgoingEvent {
  return { type: 'account_log.created', data: { accountLog: toAccountLogCreated(row) } };
}
