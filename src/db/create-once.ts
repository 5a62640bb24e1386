/**
 * The idempotency mechanism shared by every create that takes a key (`idempotencyKey`,
 * `operationKey`, `clientMessageId`). The key is stored on the record under a unique index with
 * a fingerprint of the request; the unique index, not a read-then-write, makes concurrent
 * duplicates create exactly one record. Keys never expire.
 */
import { createHash } from 'node:crypto';
import { ApiError } from '../errors.js';

/** A stable hash of a request body: key order does not matter, values do. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A request's idempotency key and the fingerprint of its body. */
export interface IdempotencyKey {
  key: string;
  fingerprint: string;
}

export interface CreateOnceOptions<T> {
  /** The request's key and fingerprint; without them (null or undefined) the record is just created. */
  idempotency: IdempotencyKey | null | undefined;
  /**
   * Creates the record (typically INSERT ... ON CONFLICT DO NOTHING inside a transaction) and
   * returns it, or returns null when a record with this key already exists.
   */
  create: () => Promise<T | null>;
  /** The record already holding `key`, with the fingerprint it was created under. */
  findExisting: (key: string) => Promise<{ record: T; fingerprint: string } | undefined>;
  /** Names the key field in the 422, e.g. `idempotencyKey`. */
  keyField: string;
}

export interface CreateOnceResult<T> {
  record: T;
  replayed: boolean;
}

export async function createOnce<T>(options: CreateOnceOptions<T>): Promise<CreateOnceResult<T>> {
  const { idempotency } = options;
  if (idempotency === null || idempotency === undefined) {
    const created = await options.create();
    // Only a taken key makes `create` return null; without a key that cannot happen.
    if (created === null) throw new Error(`a create without ${options.keyField} returned no record`);
    return { record: created, replayed: false };
  }
  // Two rounds: the first loser of a race finds the winner's row. A row that vanished in between
  // (its transaction rolled back) lets the second round create it.
  for (let round = 0; round < 2; round++) {
    const created = await options.create();
    if (created !== null) return { record: created, replayed: false };
    const existing = await options.findExisting(idempotency.key);
    if (existing === undefined) continue;
    if (existing.fingerprint !== idempotency.fingerprint) {
      const detail = `${options.keyField} was already used with a different request body`;
      throw new ApiError('idempotency_key_reused', detail, [
        { pointer: `/${options.keyField}`, detail, code: 'idempotency_key_reused' },
      ]);
    }
    return { record: existing.record, replayed: true };
  }
  throw new ApiError('conflict', 'The request raced with another one using the same key; retry it');
}
