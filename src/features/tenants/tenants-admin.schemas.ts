import { Type } from 'typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../../http/common.schemas.js';

export const TenantKey = Type.Object(
  {
    keyId: Type.String(),
    prefix: Type.String(),
    label: Nullable(Type.String()),
    createdAt: Timestamp,
    revokedAt: NullableTimestamp,
  },
  { title: 'TenantKey' },
);

/** A tenant with its API keys (never the secrets). */
export const Tenant = Type.Object(
  { tenantId: Type.String(), name: Type.String(), createdAt: Timestamp, keys: Type.Array(TenantKey) },
  { title: 'Tenant' },
);
