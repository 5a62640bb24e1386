import type { Db, Executor, OperatorRole, OperatorsTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { decodeCursor, pageSize, toPage } from '../../lists/pagination.js';
import { toIso, toIsoOrNull } from '../../time.js';
import type { Actor, Origin } from '../audit/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  countAttempt,
  LOGIN_WINDOW_MS,
  PASSWORD_CHANGE_FAILURES,
  passwordChangeSubject,
} from './login-throttle.js';
import {
  countOperators,
  findOperator,
  findOperatorById,
  findOperatorInScope,
  insertOperator,
  listOperatorsPage,
  updateOperator,
} from './operators.repository.js';
import { hashPassword, oneTimePassword, passwordProblem, verifyPassword } from './passwords.js';
import { clearLoginFailures, deleteOperatorSessions, deleteOtherSessions } from './sessions.repository.js';

export const ROLES = ['viewer', 'editor', 'publisher', 'admin'] as const satisfies readonly OperatorRole[];

/** Who asks for a change, for the audit log (the CLI, the admin token, an operator). */
export interface Change {
  actor: Actor;
  origin: Origin;
}

export interface NewOperator {
  /** Null with instanceAdmin. */
  tenantId: string | null;
  email: string;
  role: OperatorRole;
  instanceAdmin?: boolean;
  /** Omitted: a one-time password is made, returned once, and must be changed at first sign-in. */
  password?: string;
}

/**
 * Creates an operator; the answer holds the one-time password when none was given (shown once,
 * never stored: only its hash is). Audited in the same transaction as the insert.
 */
export async function createOperator(db: Db, input: NewOperator, change: Change, now = Date.now()) {
  const email = input.email.trim().toLowerCase();
  const instanceAdmin = input.instanceAdmin === true;
  if (instanceAdmin !== (input.tenantId === null)) {
    throw new ApiError('validation_failed', 'An instance admin has no tenant; every other operator has one');
  }
  const oneTime = input.password === undefined ? oneTimePassword() : null;
  const password = input.password ?? (oneTime as string);
  const problem = passwordProblem(password, email);
  if (problem !== null) throw ApiError.invalidField('/password', `The password ${problem}`);
  // Only the tenant's own operators (or the instance admins) are asked: an email is unique within
  // its tenant, so whether it is an operator elsewhere is neither checked nor told (issue 29).
  if ((await findOperatorInScope(db, input.tenantId, email)) !== undefined) {
    throw new ApiError('conflict', alreadyExists(input.tenantId, email));
  }
  const row: OperatorsTable = {
    id: newId('operator'),
    tenant_id: input.tenantId,
    email,
    role: instanceAdmin ? 'admin' : input.role,
    instance_admin: instanceAdmin ? 1 : 0,
    password_hash: await hashPassword(password),
    must_change_password: oneTime === null ? 0 : 1,
    disabled_at: null,
    created_at: now,
    updated_at: now,
  };
  await writeTransaction(db, async (tx) => {
    await insertOperator(tx, row);
    await audit(tx, row, change, 'operator.create', null, summary(row), now);
  }).catch((error: unknown) => {
    // Two creates of one email at once: the unique index decides, the loser is told plainly.
    if (/unique|duplicate/i.test(String((error as Error).message))) {
      throw new ApiError('conflict', alreadyExists(input.tenantId, email));
    }
    throw error;
  });
  return { operator: toOperator(row), oneTimePassword: oneTime };
}

function alreadyExists(tenantId: string | null, email: string): string {
  return tenantId === null
    ? `An instance admin with the email ${email} already exists`
    : `An operator with the email ${email} already exists in this tenant`;
}

export async function getOperator(db: Executor, tenantId: string | null, operatorId: string) {
  const row = await findOperator(db, tenantId, operatorId);
  if (row === undefined) throw ApiError.notFound(`Operator ${operatorId}`);
  return row;
}

/** The signed-in operator (GET /admin/v0/me), whatever their tenant. */
export async function getOwnOperator(db: Executor, operatorId: string) {
  const row = await findOperatorById(db, operatorId);
  if (row === undefined) throw ApiError.notFound('Operator');
  return toOperator(row);
}

export async function listOperators(
  db: Executor,
  tenantId: string | null,
  request: { cursor?: string; limit?: number },
) {
  const filters = { tenantId };
  const after = decodeCursor(request.cursor, ['string'], filters);
  const limit = pageSize(request.limit);
  const [rows, totalCount] = await Promise.all([
    listOperatorsPage(db, tenantId, after, limit + 1),
    countOperators(db, tenantId),
  ]);
  return toPage(rows, limit, { keyOf: (r) => [r.id], filters, totalCount, map: toOperator });
}

export async function setOperatorRole(
  db: Db,
  tenantId: string | null,
  operatorId: string,
  role: OperatorRole,
  change: Change,
  now = Date.now(),
) {
  const before = await getOperator(db, tenantId, operatorId);
  refuseSelf(before, change, 'change your own role');
  if (before.instance_admin === 1)
    throw new ApiError('conflict', 'An instance admin has no tenant role to change');
  return writeTransaction(db, async (tx) => {
    const after = await updateOperator(tx, operatorId, { role }, now);
    await audit(tx, after, change, 'operator.set_role', { role: before.role }, { role }, now);
    return toOperator(after);
  });
}

/** Disables an operator (every session ends at once) or enables it again. */
export async function setOperatorDisabled(
  db: Db,
  tenantId: string | null,
  operatorId: string,
  disabled: boolean,
  change: Change,
  now = Date.now(),
) {
  const before = await getOperator(db, tenantId, operatorId);
  refuseSelf(before, change, 'disable your own account');
  return writeTransaction(db, async (tx) => {
    const after = await updateOperator(
      tx,
      operatorId,
      { disabled_at: disabled ? (before.disabled_at ?? now) : null },
      now,
    );
    if (disabled) await deleteOperatorSessions(tx, operatorId);
    await audit(tx, after, change, disabled ? 'operator.disable' : 'operator.enable', null, null, now);
    return toOperator(after);
  });
}

/** A new one-time password (returned once); the old password and every session stop working. */
export async function resetOperatorPassword(
  db: Db,
  tenantId: string | null,
  operatorId: string,
  change: Change,
  now = Date.now(),
) {
  await getOperator(db, tenantId, operatorId);
  const oneTime = oneTimePassword();
  const passwordHash = await hashPassword(oneTime);
  const operator = await writeTransaction(db, async (tx) => {
    const after = await updateOperator(
      tx,
      operatorId,
      { password_hash: passwordHash, must_change_password: 1 },
      now,
    );
    await deleteOperatorSessions(tx, operatorId);
    await audit(tx, after, change, 'operator.reset_password', null, null, now);
    return after;
  });
  return { operator: toOperator(operator), oneTimePassword: oneTime };
}

/**
 * An operator changes their own password (the one-time one included): the current password is
 * checked, and every other session of theirs ends.
 */
export async function changeOwnPassword(
  db: Db,
  operatorId: string,
  currentPassword: string,
  newPassword: string,
  keepSessionHash: string,
  change: Change,
  now = Date.now(),
) {
  const operator = await findOperatorById(db, operatorId);
  if (operator === undefined) throw ApiError.notFound(`Operator ${operatorId}`);
  // The new password is checked first (it tells nothing about the current one), so only guesses of
  // the current password are counted.
  const problem = passwordProblem(newPassword, operator.email);
  if (problem !== null) throw ApiError.invalidField('/newPassword', `The password ${problem}`);
  if (newPassword === currentPassword) {
    throw ApiError.invalidField('/newPassword', 'The new password must differ from the current one');
  }
  // A session's holder (a borrowed laptop, a stolen cookie) must not guess the password it would
  // need to take the account over: counted before it is verified, like a sign-in (login-throttle.ts).
  const subject = passwordChangeSubject(operatorId);
  await countAttempt(
    db,
    [{ subject, limit: PASSWORD_CHANGE_FAILURES, windowMs: LOGIN_WINDOW_MS }],
    'wrong current passwords',
    now,
  );
  if (!(await verifyPassword(operator.password_hash, currentPassword))) {
    throw ApiError.invalidField('/currentPassword', 'The current password is wrong');
  }
  const passwordHash = await hashPassword(newPassword);
  return writeTransaction(db, async (tx) => {
    await clearLoginFailures(tx, subject);
    const after = await updateOperator(
      tx,
      operatorId,
      { password_hash: passwordHash, must_change_password: 0 },
      now,
    );
    await deleteOtherSessions(tx, operatorId, keepSessionHash);
    await audit(tx, after, change, 'operator.change_password', null, null, now);
    return toOperator(after);
  });
}

function refuseSelf(target: OperatorsTable, change: Change, what: string): void {
  if (change.actor.kind === 'operator' && change.actor.id === target.id) {
    throw new ApiError('conflict', `You cannot ${what}; ask another admin`);
  }
}

function audit(
  tx: Executor,
  row: OperatorsTable,
  change: Change,
  action: string,
  before: unknown,
  after: unknown,
  now: number,
) {
  return recordAudit(
    tx,
    row.tenant_id,
    change.actor,
    change.origin,
    {
      action,
      recordType: 'operator',
      recordId: row.id,
      before,
      after,
    },
    now,
  );
}

function summary(row: OperatorsTable) {
  return { email: row.email, role: row.role, instanceAdmin: row.instance_admin === 1 };
}

/** What the API and the CLI show of an operator: never the password hash. */
export function toOperator(row: OperatorsTable) {
  return {
    operatorId: row.id,
    tenantId: row.tenant_id,
    email: row.email,
    role: row.role,
    instanceAdmin: row.instance_admin === 1,
    mustChangePassword: row.must_change_password === 1,
    disabledAt: toIsoOrNull(row.disabled_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
