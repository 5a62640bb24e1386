import { Type } from 'typebox';
import { Nullable, PathId, Timestamp } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  tenantId: Nullable(Type.String()),
  actor: Type.Object({
    kind: Type.Union([
      Type.Literal('operator'),
      Type.Literal('api_key'),
      Type.Literal('admin_token'),
      Type.Literal('cli'),
    ]),
    id: Nullable(Type.String()),
    label: Type.String({ description: "The operator's email, the key's prefix, `admin-token` or `cli`." }),
  }),
  action: Type.String({
    description: 'What was done, e.g. `page.create`, `session.sign_in`, `v0.createPerson`.',
  }),
  recordType: Nullable(Type.String()),
  recordId: Nullable(Type.String()),
  before: Type.Unknown({ description: 'A small JSON document, secrets removed; null when not recorded.' }),
  after: Type.Unknown({ description: 'A small JSON document, secrets removed; null when not recorded.' }),
  ip: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
  createdAt: Timestamp,
});

export const AuditQuery = Type.Object(
  {
    actor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 320,
        description: 'Email, key prefix, id, `admin-token` or `cli`.',
      }),
    ),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    record: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'The id of a record.' })),
    since: Type.Optional(
      Type.String({ format: 'date-time', maxLength: 64, description: 'Entries at or after this time.' }),
    ),
    until: Type.Optional(
      Type.String({ format: 'date-time', maxLength: 64, description: 'Entries before this time.' }),
    ),
    cursor: CursorQuery,
    limit: LimitQuery,
  },
  { additionalProperties: false },
);

export const AuditTenantPath = Type.Object({ tenant: PathId });
export const AuditPage = PageOf(AuditEntrySchema, { nullableTotal: true });
