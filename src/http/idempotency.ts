import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * The idempotency mechanism shared by every create that takes a key (`idempotencyKey`,
 * `operationKey`, `clientMessageId`). The key is stored on the record under a unique index with
 * a fingerprint of the request; the unique index, not a read-then-write, makes concurrent
 * duplicates create exactly one record. Keys never expire.
 */

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

export interface CreateOnceOptions<T> {
  /** The request's fingerprint, stored with the record. */
  fingerprint: string;
  /**
   * Creates the record (typically INSERT ... ON CONFLICT DO NOTHING inside a transaction) and
   * returns it, or returns null when a record with this key already exists.
   */
  create: () => Promise<T | null>;
  /** The record already holding the key, with the fingerprint it was created under. */
  findExisting: () => Promise<{ record: T; fingerprint: string } | undefined>;
  /** Names the key field in the 422, e.g. `idempotencyKey`. */
  keyField: string;
}

export interface CreateOnceResult<T> {
  record: T;
  replayed: boolean;
}

export async function createOnce<T>(options: CreateOnceOptions<T>): Promise<CreateOnceResult<T>> {
  // Two rounds: the first loser of a race finds the winner's row. A row that vanished in between
  // (its transaction rolled back) lets the second round create it.
  for (let round = 0; round < 2; round++) {
    const created = await options.create();
    if (created !== null) return { record: created, replayed: false };
    const existing = await options.findExisting();
    if (existing === undefined) continue;
    if (existing.fingerprint !== options.fingerprint) {
      const detail = `${options.keyField} was already used with a different request body`;
      throw new ApiError('idempotency_key_reused', detail, [
        { pointer: `/${options.keyField}`, detail, code: 'idempotency_key_reused' },
      ]);
    }
    return { record: existing.record, replayed: true };
  }
  throw new ApiError('conflict', 'The request raced with another one using the same key; retry it');
}

/** Marks a response as the replay of an earlier one (same status and body as the first time). */
export function markReplayed(reply: FastifyReply): void {
  reply.header('Idempotent-Replayed', 'true');
}
