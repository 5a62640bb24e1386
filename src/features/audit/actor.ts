import type { AuditActorKind } from '../../db/schema.js';

/** Who made a change, as the audit log names them. */
export interface Actor {
  kind: AuditActorKind;
  /** The operator's or the API key's id; null for the admin token and the CLI. */
  id: string | null;
  /** The operator's email, the key's prefix, `admin-token` or `cli`. */
  label: string;
}

/** Where a change came from: the client address and the request id (null from the CLI). */
export interface Origin {
  ip: string | null;
  requestId: string | null;
}

export const CLI_ACTOR: Actor = { kind: 'cli', id: null, label: 'cli' };
export const ADMIN_TOKEN_ACTOR: Actor = { kind: 'admin_token', id: null, label: 'admin-token' };
export const CLI_ORIGIN: Origin = { ip: null, requestId: null };
