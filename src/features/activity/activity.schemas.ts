/** The schemas of account logs and person logs, and of an account's activity (both kinds merged). */
import { type Static, Type } from 'typebox';
import {
  DomainInput,
  KEBAB_CASE,
  Nullable,
  NullableTimestamp,
  Timestamp,
} from '../../http/common.schemas.js';
import { toIso, toIsoOrNull } from '../../time.js';
import type { LogRow } from './logs.repository.js';

const ACCOUNT_ID_PATTERN = '^account_[a-z0-9]{26}$';

export const Source = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: KEBAB_CASE,
  examples: ['hubspot'],
});
export const LogType = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: KEBAB_CASE,
  examples: ['webhook'],
});
export const IdempotencyKey = Type.String({ minLength: 1, maxLength: 255 });
/** Free-form JSON object, stored as sent and returned as stored. */
export const Payload = Type.Object(
  {},
  { additionalProperties: true, examples: [{ text: 'Called the CFO' }] },
);
const AccountId = Type.String({
  minLength: 1,
  maxLength: 34,
  pattern: ACCOUNT_ID_PATTERN,
  examples: ['account_01jdq8m3k4e8v9t6w5x2y1z0ab'],
});

export const CreateAccountLogBody = Type.Object(
  {
    source: Source,
    type: Type.String({ ...LogType, default: 'webhook' }),
    payload: Payload,
    accountId: Type.Optional(AccountId),
    domain: Type.Optional(DomainInput),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, examples: ['Acme Inc.'] })),
    idempotencyKey: Type.Optional(IdempotencyKey),
  },
  { additionalProperties: false },
);
export type CreateAccountLogBody = Static<typeof CreateAccountLogBody>;

export const AccountLogCreated = Type.Object(
  {
    accountId: AccountId,
    accountLogId: Type.String({ minLength: 1 }),
    createdAt: Timestamp,
    source: Source,
    type: LogType,
  },
  { title: 'AccountLogCreated' },
);

export const AccountLog = Type.Object(
  {
    accountId: AccountId,
    accountLogId: Type.String({ minLength: 1 }),
    source: Source,
    type: LogType,
    payload: Payload,
    idempotencyKey: Nullable(IdempotencyKey),
    createdAt: Timestamp,
    updatedAt: NullableTimestamp,
    deletedAt: NullableTimestamp,
  },
  { title: 'AccountLog' },
);

export const ActivityItem = Type.Object(
  {
    activityId: Type.String({ description: 'The id of the log (account log or person log).' }),
    accountId: Type.String(),
    accountLogId: Nullable(Type.String({ description: 'Set for account logs, null for person logs.' })),
    personId: Nullable(Type.String({ description: 'Set for person logs, null for account logs.' })),
    personLogId: Nullable(Type.String()),
    personName: Nullable(Type.String()),
    source: Type.String(),
    type: Type.String(),
    idempotencyKey: Nullable(Type.String()),
    payload: Payload,
    createdAt: Timestamp,
    updatedAt: NullableTimestamp,
    deletedAt: NullableTimestamp,
  },
  { title: 'AccountActivityItem' },
);

/** PATCH of a user-authored account or person log. */
export const EditLogTextBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: 100_000, description: 'The new `payload.text`.' }) },
  { additionalProperties: false },
);

export function toAccountLogCreated(row: LogRow) {
  return {
    accountId: row.account_id!,
    accountLogId: row.id,
    createdAt: toIso(row.created_at),
    source: row.source,
    type: row.type,
  };
}

export function toAccountLog(row: LogRow) {
  return {
    accountId: row.account_id!,
    accountLogId: row.id,
    source: row.source,
    type: row.type,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    idempotencyKey: row.idempotency_key,
    createdAt: toIso(row.created_at),
    updatedAt: toIsoOrNull(row.updated_at),
    deletedAt: toIsoOrNull(row.deleted_at),
  };
}

export function toActivityItem(row: LogRow & { person_name: string | null }) {
  const personId = row.person_id ?? null;
  return {
    activityId: row.id,
    accountId: row.account_id!,
    accountLogId: personId === null ? row.id : null,
    personId,
    personLogId: personId === null ? null : row.id,
    personName: personId === null ? null : row.person_name,
    source: row.source,
    type: row.type,
    idempotencyKey: row.idempotency_key,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    createdAt: toIso(row.created_at),
    updatedAt: toIsoOrNull(row.updated_at),
    deletedAt: toIsoOrNull(row.deleted_at),
  };
}

/** The operator's person log (admin API and `quire logs add-person-log`). */
export const AddPersonLogBody = Type.Object(
  {
    source: Source,
    type: Type.Optional(LogType),
    payload: Payload,
    idempotencyKey: Type.Optional(IdempotencyKey),
  },
  { additionalProperties: false },
);
export type AddPersonLogBody = Static<typeof AddPersonLogBody>;
