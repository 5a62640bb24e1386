import { Type } from 'typebox';
import { literalUnion, Nullable, NullableTimestamp, PathId, Timestamp } from '../../http/common.schemas.js';
import { ROLES } from './operators.service.js';
import { PASSWORD_MAX } from './passwords.js';

export const RoleSchema = literalUnion(ROLES);
const Email = Type.String({ format: 'email', minLength: 3, maxLength: 320 });
/** Checked for length by the service (passwordProblem), so the error names the rule. */
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX });

export const OperatorSchema = Type.Object({
  operatorId: Type.String(),
  tenantId: Nullable(Type.String()),
  email: Type.String(),
  role: RoleSchema,
  instanceAdmin: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  disabledAt: NullableTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** A create or a password reset: the one-time password, shown this once (null when one was given). */
export const OperatorWithPassword = Type.Object({
  operator: OperatorSchema,
  oneTimePassword: Nullable(Type.String()),
});

export const CreateOperatorBody = Type.Object(
  {
    email: Email,
    role: RoleSchema,
    password: Type.Optional(Password),
  },
  { additionalProperties: false },
);

export const UpdateOperatorBody = Type.Object({ role: RoleSchema }, { additionalProperties: false });

export const OperatorPath = Type.Object({ tenant: PathId, operator_id: PathId });
export const TenantPath = Type.Object({ tenant: PathId });

export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Password,
    tenant: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()], {
        description:
          'The tenant to sign in to (handle, id or name; null: as the instance admin). Needed only when ' +
          'the email and password open operators of several tenants (a 400 naming `/tenant` says so).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SetupBody = Type.Object(
  {
    setupToken: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "From the server's startup output.",
    }),
    tenantName: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Your workspace.' }),
    email: Type.String({ minLength: 3, maxLength: 320, format: 'email' }),
    password: Password,
    loadDemo: Type.Optional(
      Type.Boolean({ description: 'Seed the demo into the new tenant (default false).' }),
    ),
  },
  { additionalProperties: false, title: 'SetupBody' },
);

export const ChangePasswordBody = Type.Object(
  { currentPassword: Password, newPassword: Password },
  { additionalProperties: false },
);

/** The signed-in operator, and the token to echo in X-CSRF-Token on every state-changing call. */
export const MeSchema = Type.Object({
  operator: OperatorSchema,
  csrfToken: Type.String(),
  pageAgent: Type.Object(
    {
      kind: Type.Union([Type.Literal('builtin'), Type.Literal('openai')], {
        description: 'builtin: deterministic, offline; openai: an OpenAI-compatible model (AGENT).',
      }),
      model: Type.Union([Type.String(), Type.Null()], { description: 'OPENAI_MODEL, for the openai agent.' }),
    },
    {
      description:
        "The page agent this instance's workers run (the console shows it beside the conversation).",
    },
  ),
});
