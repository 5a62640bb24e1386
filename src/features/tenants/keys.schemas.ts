import { Type } from 'typebox';
import { SCOPES } from '../../domain/scopes.js';
import { literalUnion, NullableTimestamp, PathId, Timestamp } from '../../http/common.schemas.js';

export const ScopeSchema = literalUnion(SCOPES);

/** Null: full access (a key created without scopes, like every key made before scopes existed). */
const KeyScopes = Type.Union([Type.Array(ScopeSchema), Type.Null()], {
  description: 'The scopes of the key; null is full access.',
});

export const CreateKeyBody = Type.Object(
  {
    label: Type.Optional(Type.String({ maxLength: 255, description: 'A note to tell keys apart.' })),
    scopes: Type.Optional(
      Type.Array(ScopeSchema, {
        minItems: 1,
        maxItems: SCOPES.length,
        uniqueItems: true,
        description: 'Omit for a full-access key.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TenantParams = Type.Object({ tenant: PathId });
export const KeyParams = Type.Object({ tenant: PathId, keyId: PathId });

/** What an operator sees of a key: never the key itself, which is not stored. */
export const KeySummarySchema = Type.Object({
  keyId: Type.String(),
  tenantId: Type.String(),
  prefix: Type.String({ description: 'The first 12 characters of the key.' }),
  label: Type.Union([Type.String(), Type.Null()]),
  scopes: KeyScopes,
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()], {
    description: 'When the key last authenticated a request (recorded at most once a minute).',
  }),
  revokedAt: NullableTimestamp,
});

/** The answer to a create: the key itself, shown this once. */
export const CreatedKeySchema = Type.Object({
  keyId: Type.String(),
  tenantId: Type.String(),
  apiKey: Type.Optional(
    Type.String({
      description:
        'The key: shown once, never stored, so absent from an idempotent replay (Idempotent-Replayed: true).',
    }),
  ),
  prefix: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  scopes: KeyScopes,
  createdAt: Timestamp,
});
