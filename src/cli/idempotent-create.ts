import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { requestFingerprint } from '../db/create-once.js';
import { claimOnce, finishOnce, IDEMPOTENCY_KEY_PATTERN } from '../db/replay-once.js';
import type { Executor } from '../db/schema.js';
import { ApiError } from '../errors.js';

/** Adds `--idempotency-key` to a create command. */
export function idempotencyOption(command: Command): Command {
  return command.option(
    '--idempotency-key <key>',
    'run the command again with this key to get the first result instead of a duplicate (default: a new key, printed with --json)',
  );
}

export interface IdempotentResult {
  /** What the create returned, or what it returned the first time (without any apiKey). */
  result: Record<string, unknown>;
  idempotencyKey: string;
  replayed: boolean;
}

/**
 * Runs a CLI create at most once per idempotency key, with the admin API's rules and records
 * (src/db/replay-once.ts): `operation` and `input` are the request the key is bound to, so the
 * same key for another command or other input is refused.
 */
export async function createOnceFromCli(
  db: Executor,
  given: string | undefined,
  request: { operation: string; input: unknown },
  create: () => Promise<Record<string, unknown>>,
): Promise<IdempotentResult> {
  const idempotencyKey = given ?? `cli_${randomUUID()}`;
  if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    const detail = '--idempotency-key must be 1 to 255 visible ASCII characters';
    throw new ApiError('validation_failed', detail, [
      { parameter: 'idempotency-key', detail, code: 'invalid_format' },
    ]);
  }
  const fingerprint = requestFingerprint({ surface: 'cli', ...request });
  const stored = await claimOnce(db, idempotencyKey, fingerprint, { parameter: 'idempotency-key' });
  if (stored !== null) {
    return { result: JSON.parse(stored.body) as Record<string, unknown>, idempotencyKey, replayed: true };
  }
  try {
    const result = await create();
    await finishOnce(db, idempotencyKey, { statusCode: 201, body: JSON.stringify(result) });
    return { result, idempotencyKey, replayed: false };
  } catch (error) {
    await finishOnce(db, idempotencyKey, 'failed');
    throw error;
  }
}

/** Prints a create's result with its idempotency key; says on stderr when it was a replay. */
export function printCreated(
  { result, idempotencyKey, replayed }: IdempotentResult,
  json: boolean,
  print: (value: Record<string, unknown>, json: boolean) => void,
): void {
  if (replayed) {
    process.stderr.write(`Already done with idempotency key ${idempotencyKey}: this is the first result.\n`);
  }
  print({ ...result, idempotencyKey }, json);
}
