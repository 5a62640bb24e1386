/**
 * Idempotent operator creates (admin API `Idempotency-Key` header, CLI `--idempotency-key`), with
 * the replay rules of /v0 (see create-once.ts): the same key and the same request replay the first
 * success (status and body) and do nothing; the same key with another request is a 422
 * `idempotency_key_reused`; a failed request records nothing, so it can be retried with its key.
 * Unlike /v0 the record is not the created row (operator creates span many tables) but the
 * response, stored in `admin_idempotency` under a unique key: concurrent requests with one key run
 * once, the others get a 409 while it runs. Secrets are never stored: an `apiKey` or `secret` member is
 * left out of the stored body, so a replayed key create answers without the key.
 */
import { ApiError, type FieldError } from '../errors.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyRecord,
  releaseIdempotencyKey,
  takeOverStaleClaim,
} from './admin-idempotency.repository.js';
import type { Executor } from './schema.js';

/** A claim whose request has not finished after this long is taken to be dead (process gone). */
export const STALE_CLAIM_MS = 5 * 60_000;

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The stored first response to a key. */
export interface StoredResponse {
  statusCode: number;
  body: string;
}

/**
 * Claims `key` for this request. Null: the caller runs the request, then calls `finishOnce` with
 * its outcome. A StoredResponse: a retry, to be answered with it. Throws the 422 or 409.
 */
export async function claimOnce(
  db: Executor,
  key: string,
  fingerprint: string,
  where: Pick<FieldError, 'header' | 'parameter'>,
): Promise<StoredResponse | null> {
  const now = Date.now();
  if (await claimIdempotencyKey(db, key, fingerprint, now)) return null;
  const existing = await findIdempotencyRecord(db, key);
  // Released between our insert and read: the key is free again.
  if (existing === undefined) return (await claimIdempotencyKey(db, key, fingerprint, now)) ? null : busy();
  if (existing.request_fingerprint !== fingerprint) {
    const detail = 'The idempotency key was already used with a different request';
    throw new ApiError('idempotency_key_reused', detail, [
      { ...where, detail, code: 'idempotency_key_reused' },
    ]);
  }
  if (existing.status_code !== null && existing.response_body !== null) {
    return { statusCode: Number(existing.status_code), body: existing.response_body };
  }
  if (await takeOverStaleClaim(db, key, fingerprint, now - STALE_CLAIM_MS, now)) return null;
  return busy();
}

function busy(): never {
  throw new ApiError(
    'conflict',
    'A request with this idempotency key is still running; retry it in a moment to get its result',
  );
}

/** Records the outcome of a claimed request: a success is kept for replay, a failure forgotten. */
export async function finishOnce(
  db: Executor,
  key: string,
  outcome: { statusCode: number; body: string } | 'failed',
): Promise<void> {
  if (outcome === 'failed' || outcome.statusCode >= 300) {
    await releaseIdempotencyKey(db, key);
    return;
  }
  await completeIdempotencyKey(db, key, outcome.statusCode, withoutSecrets(outcome.body));
}

/**
 * The body as stored: an `apiKey` (shown once, never stored anywhere) and a webhook signing
 * `secret` (shown once) are left out.
 */
function withoutSecrets(body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed !== null && typeof parsed === 'object' && ('apiKey' in parsed || 'secret' in parsed)) {
      const { apiKey: _, secret: __, ...rest } = parsed as Record<string, unknown>;
      return JSON.stringify(rest);
    }
  } catch {
    // Not JSON: stored as it is.
  }
  return body;
}
