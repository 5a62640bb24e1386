import { type Static, Type } from 'typebox';
import type { AccountsTable } from '../../db/schema.js';
import { Count, Timestamp } from '../../http/common.schemas.js';
import { toIso } from '../../time.js';
import { TraitsSchema, traitsMember } from './traits.js';

export const Account = Type.Object(
  {
    accountId: Type.String(),
    domain: Type.String(),
    name: Type.String(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    latestActivityAt: Timestamp,
    linkedPersonsCount: Count,
    traits: Type.Optional(TraitsSchema),
  },
  { title: 'Account' },
);

export function toAccount(row: AccountsTable) {
  return {
    accountId: row.id,
    domain: row.domain,
    name: row.name,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    latestActivityAt: toIso(row.latest_activity_at),
    linkedPersonsCount: row.linked_persons_count,
    ...traitsMember(row.traits),
  };
}

export const RenameAccountBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type RenameAccountBody = Static<typeof RenameAccountBody>;
