import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import type { ConsoleSession } from '../../http/admin-auth.js';
import { sessionIdHash } from '../../http/console-session.js';
import type { Origin } from '../audit/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { findTenantByHandle, findTenantByIdOrName } from '../tenants/tenants.repository.js';
import {
  accountSubject,
  addressAccountSubject,
  addressSubject,
  countAttempt,
  isKnownAddress,
  LONGEST_WINDOW_MS,
  signInRules,
} from './login-throttle.js';
import { operatorActor } from './operator-actor.js';
import { findOperatorsByEmail } from './operators.repository.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import {
  clearLoginFailures,
  deleteOperatorSessions,
  deleteSession,
  findSessionWithOperator,
  forgiveLoginAttempt,
  insertSession,
  purgeEnded,
  touchSession,
} from './sessions.repository.js';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface SignIn {
  email: string;
  password: string;
  /**
   * The tenant to sign in to (its handle, id or name; null: as the instance admin), needed only
   * when the email and password open operators of several tenants.
   */
  tenant?: string | null;
  /** The client address (always known over HTTP) and the request id. */
  origin: Origin & { ip: string };
  userAgent: string;
  /** The session id the browser already held, if any: it ends, the new one replaces it. */
  previousSessionId: string | null;
  limits: SessionLimits;
}

/**
 * Signs an operator in: a new random session id every time (an id a browser held before is
 * ended, so none can be fixed in advance), a new CSRF token, the sign-in audited in the same
 * transaction. Attempts count against the address, the address and account together, and (from
 * an address the operator never signed in from) the account, in the database so every node agrees;
 * past a limit the answer is 429 before any password is checked (login-throttle.ts). Each sign-in also
 * deletes every ended session and every finished failure window, so neither table grows.
 *
 * An email is unique per tenant, not per instance (migration 0016): it may name operators of
 * several tenants, each with its own password. The password is checked against each of them (in
 * parallel, so the time taken hardly tells how many there are); the one it opens is signed in.
 */
export async function signIn(db: Db, input: SignIn, now = Date.now()) {
  const email = input.email.trim().toLowerCase();
  const ip = input.origin.ip;
  const scope = await tenantScope(db, input.tenant);
  const candidates =
    scope === 'unknown' ? [] : await findOperatorsByEmail(db, email, MAX_OPERATORS_PER_EMAIL, scope);
  const knownAt = await Promise.all(candidates.map((c) => isKnownAddress(db, c, ip, now)));
  // Known only when every operator of the email (in the named tenant) signed in from here: a
  // tenant admin who gives an operator of its own another tenant's operator's email, and signs it
  // in from an address, must not make that address skip the other operator's backoff.
  const known = knownAt.length > 0 && knownAt.every(Boolean);
  // Counted before the password is checked, in one atomic step per subject: parallel attempts
  // each see their own count, so no more than the limit are ever verified (issue 29).
  await countAttempt(db, signInRules(ip, email, known), 'failed sign-ins', now);
  const hashes =
    candidates.length === 0 ? [await dummyPasswordHash()] : candidates.map((c) => c.password_hash);
  const valid = await Promise.all(hashes.map((hash) => verifyPassword(hash, input.password)));
  const opened = candidates.filter((c, i) => valid[i] === true && c.disabled_at === null);
  if (opened.length === 0) {
    throw new ApiError('unauthenticated', 'Wrong email or password, or the account is disabled');
  }
  if (opened.length > 1) {
    throw ApiError.invalidField(
      '/tenant',
      'This email and password open operators of several tenants: name the tenant (null: the instance admin)',
      'required',
    );
  }
  const operator = opened[0]!;
  const sessionId = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await writeTransaction(db, async (tx) => {
    if (input.previousSessionId !== null) await deleteSession(tx, sessionIdHash(input.previousSessionId));
    await purgeEnded(tx, now, { ...input.limits, windowMs: LONGEST_WINDOW_MS });
    // The email's counts start over only when it names this operator alone: otherwise another
    // tenant's operator of the same email could reset them between guesses of this one's password.
    if (scope === undefined && candidates.length === 1) {
      await clearLoginFailures(tx, accountSubject(email));
      await clearLoginFailures(tx, addressAccountSubject(ip, email));
    }
    // The address's attempt was a success, not a failure.
    await forgiveLoginAttempt(tx, addressSubject(ip));
    await insertSession(tx, {
      id_hash: sessionIdHash(sessionId),
      operator_id: operator.id,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
      ip: input.origin.ip,
      user_agent: input.userAgent.slice(0, 512),
    });
    await recordAudit(
      tx,
      operator.tenant_id,
      operatorActor(operator),
      input.origin,
      {
        action: 'session.sign_in',
        recordType: 'operator',
        recordId: operator.id,
      },
      now,
    );
  });
  return { sessionId, csrfToken, operator };
}

/** More operators of one email than this are not considered at sign-in (the cost of checking each). */
const MAX_OPERATORS_PER_EMAIL = 20;

/** The tenant id a sign-in names (null: the instance admins; undefined: any), or 'unknown'. */
async function tenantScope(
  db: Db,
  tenant: string | null | undefined,
): Promise<string | null | undefined | 'unknown'> {
  if (tenant === undefined || tenant === null) return tenant;
  const row = (await findTenantByHandle(db, tenant)) ?? (await findTenantByIdOrName(db, tenant));
  return row === undefined ? 'unknown' : row.id;
}

/**
 * The live session a cookie names, or null: unknown, idle longer than idleMs, older than maxMs,
 * or its operator disabled. An ended session is deleted on the way.
 */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  limits: SessionLimits,
  now = Date.now(),
): Promise<ConsoleSession | null> {
  const idHash = sessionIdHash(sessionId);
  const row = await findSessionWithOperator(db, idHash);
  if (row === undefined) return null;
  const ended =
    row.disabled_at !== null || now - row.last_seen_at > limits.idleMs || now - row.created_at > limits.maxMs;
  if (ended) {
    await writeTransaction(db, (tx) => deleteSession(tx, idHash));
    return null;
  }
  if (now - row.last_seen_at > TOUCH_EVERY_MS)
    await writeTransaction(db, (tx) => touchSession(tx, idHash, now));
  return {
    operatorId: row.operator_id,
    email: row.email,
    role: row.role,
    tenantId: row.tenant_id,
    instanceAdmin: row.instance_admin === 1,
    mustChangePassword: row.must_change_password === 1,
    idHash,
    csrfToken: row.csrf_token,
  };
}

/** Signs out this session, or (everywhere) every session of its operator. */
export async function signOut(db: Db, session: ConsoleSession, origin: Origin, everywhere: boolean) {
  return writeTransaction(db, async (tx) => {
    const ended = everywhere ? await deleteOperatorSessions(tx, session.operatorId) : 1;
    if (!everywhere) await deleteSession(tx, session.idHash);
    await recordAudit(tx, session.tenantId, operatorActor(session), origin, {
      action: everywhere ? 'session.sign_out_everywhere' : 'session.sign_out',
      recordType: 'operator',
      recordId: session.operatorId,
      after: everywhere ? { sessionsEnded: ended } : null,
    });
    return ended;
  });
}

/**
 * Whether a console session still grants what it granted when a long-lived request (the event
 * stream) began: not signed out or expired, its operator not disabled, with the same role and
 * tenant, and the tenant still there. It does not count as activity (no touch): an open stream
 * alone does not keep an idle session alive.
 */
export async function sessionStillGrants(
  db: Db,
  session: Pick<ConsoleSession, 'idHash' | 'role' | 'tenantId' | 'instanceAdmin'>,
  tenantId: string,
  limits: SessionLimits,
  now = Date.now(),
): Promise<boolean> {
  const row = await findSessionWithOperator(db, session.idHash);
  if (row === undefined || row.disabled_at !== null) return false;
  if (now - row.last_seen_at > limits.idleMs || now - row.created_at > limits.maxMs) return false;
  if (row.role !== session.role || row.tenant_id !== session.tenantId) return false;
  if ((row.instance_admin === 1) !== session.instanceAdmin) return false;
  return (await findTenantByIdOrName(db, tenantId)) !== undefined;
}
