import { addToCounter } from '../../db/counters.repository.js';
import { type CreateOnceResult, requestFingerprint } from '../../db/create-once.js';
import type { Db, PersonLogsTable } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { moveLatestActivity } from '../accounts/accounts.repository.js';
import { logCounter } from '../accounts/accounts.service.js';
import { findPerson } from '../persons/persons.repository.js';
import { createLogOnce } from './create-log-once.js';
import { insertLogUnlessKeyTaken, type LogRow } from './logs.repository.js';

export interface CreatePersonLogInput {
  source: string;
  type?: string;
  payload: object;
  idempotencyKey?: string;
}

/**
 * Writes a log of a person (operator surface and seeds; the interface has no create for them).
 * The log carries the person's account, whose counters and latestActivityAt move with it. Callers
 * check the input against `AddPersonLogBody` first (the admin API's schema, the CLI's `checkInput`).
 */
export async function createPersonLog(
  db: Db,
  tenantId: string,
  personId: string,
  input: CreatePersonLogInput,
  at = Date.now(),
): Promise<CreateOnceResult<LogRow>> {
  const key = input.idempotencyKey ?? null;
  const fingerprint = key === null ? null : requestFingerprint({ personId, ...input });
  const idempotency = key === null || fingerprint === null ? null : { key, fingerprint };
  return createLogOnce(db, tenantId, 'person_logs', idempotency, async (tx) => {
    const person = await findPerson(tx, tenantId, personId);
    if (person === undefined) throw ApiError.notFound('Person');
    const row: PersonLogsTable = {
      tenant_id: tenantId,
      id: newId('personlog'),
      person_id: person.id,
      account_id: person.account_id,
      source: input.source,
      type: input.type ?? 'webhook',
      payload: JSON.stringify(input.payload),
      idempotency_key: key,
      request_fingerprint: fingerprint,
      created_at: at,
      updated_at: null,
      deleted_at: null,
    };
    if (!(await insertLogUnlessKeyTaken(tx, 'person_logs', row))) return null;
    if (person.account_id !== null) {
      await moveLatestActivity(tx, tenantId, person.account_id, at);
      await addToCounter(tx, tenantId, logCounter(person.account_id, 'person_logs', 'live'), 1);
    }
    return row;
  });
}
