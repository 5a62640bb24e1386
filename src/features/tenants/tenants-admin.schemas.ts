import { Type } from 'typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../../http/common.schemas.js';
import { KeySummarySchema } from './keys.schemas.js';

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
  {
    tenantId: Type.String(),
    name: Type.String(),
    handle: Nullable(
      Type.String({ description: 'The first segment of its hosted pages: /p/{handle}/{slug}.' }),
    ),
    hosts: Type.Array(Type.String(), {
      description: "The custom hosts that serve the tenant's hosted pages.",
    }),
    createdAt: Timestamp,
    keys: Type.Array(TenantKey),
  },
  { title: 'Tenant' },
);

/** A tenant as created or renamed (tenants.service.ts). */
export const TenantSummary = Type.Object(
  {
    tenantId: Type.String(),
    name: Type.String(),
    handle: Type.String({ description: 'The first segment of its hosted pages: /p/{handle}/{slug}.' }),
    createdAt: Timestamp,
  },
  { title: 'TenantSummary' },
);

/** Every tenant with its hosts and its keys (never the secrets): GET /admin/v0/tenants. */
export const TenantList = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          tenantId: Type.String(),
          name: Type.String(),
          handle: Nullable(Type.String()),
          hosts: Type.Array(Type.String()),
          createdAt: Timestamp,
          keys: Type.Array(Type.Omit(KeySummarySchema, ['tenantId'])),
        },
        { title: 'TenantWithKeys' },
      ),
    ),
  },
  { title: 'TenantList' },
);

/** The hosts that serve a tenant's hosted pages, after a change. */
export const TenantHosts = Type.Object(
  {
    hosts: Type.Array(Type.String(), { description: "The hosts that serve the tenant's pages (proven)." }),
    pending: Type.Array(
      Type.Object({
        host: Type.String(),
        txtName: Type.String({ description: 'The DNS TXT record to publish: `_quire-challenge.<host>`.' }),
        txtValue: Type.String({ description: "The record's value: the tenant's token for this host." }),
        httpUrl: Type.String({ description: 'Or: serve the token (as the body) at this URL.' }),
      }),
      { description: 'Hosts asked for and not proven yet: not served until verified.' },
    ),
  },
  { title: 'TenantHosts' },
);
