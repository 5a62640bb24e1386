import type { Executor, OperatorSessionsTable } from '../../db/schema.js';

export async function insertSession(db: Executor, row: OperatorSessionsTable): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute();
}

/** The session and its operator, in one read (every console request does it). */
export async function findSessionWithOperator(db: Executor, idHash: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id_hash',
      's.csrf_token',
      's.created_at',
      's.last_seen_at',
      'o.id as operator_id',
      'o.tenant_id',
      'o.email',
      'o.role',
      'o.instance_admin',
      'o.must_change_password',
      'o.disabled_at',
    ])
    .where('s.id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, idHash: string, now: number): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of an operator; returns how many there were. */
export async function deleteOperatorSessions(db: Executor, operatorId: string): Promise<number> {
  const result = await db
    .deleteFrom('operator_sessions')
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of an operator but one (after a password change). */
export async function deleteOtherSessions(
  db: Executor,
  operatorId: string,
  keepIdHash: string,
): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where('operator_id', '=', operatorId)
    .where('id_hash', '!=', keepIdHash)
    .execute();
}

/**
 * Counts one attempt against a subject, starting a new window where the old one is over, and
 * answers the count and window after it: one statement (an upsert with its row lock), so parallel
 * attempts each see their own count.
 */
export async function addLoginFailure(
  db: Executor,
  subject: string,
  now: number,
  windowMs: number,
): Promise<{ failures: number; window_started_at: number }> {
  return db
    .insertInto('login_failures')
    .values({ subject, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_failures.window_started_at', '<', now - windowMs)
          .then(1)
          .else(eb('login_failures.failures', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('login_failures.window_started_at', '<', now - windowMs)
          .then(now)
          .else(eb.ref('login_failures.window_started_at'))
          .end(),
      })),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow()
    .then((row) => ({ failures: Number(row.failures), window_started_at: Number(row.window_started_at) }));
}

/** Takes back one counted attempt (it turned out to be a successful sign-in). */
export async function forgiveLoginAttempt(db: Executor, subject: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('subject', '=', subject)
    .where('failures', '>', 0)
    .execute();
}

export async function clearLoginFailures(db: Executor, subject: string): Promise<void> {
  await db.deleteFrom('login_failures').where('subject', '=', subject).execute();
}

/** Deletes the sessions past their idle or absolute limit and the failure windows that are over. */
export async function purgeEnded(
  db: Executor,
  now: number,
  limits: { idleMs: number; maxMs: number; windowMs: number },
): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where((eb) =>
      eb.or([eb('last_seen_at', '<', now - limits.idleMs), eb('created_at', '<', now - limits.maxMs)]),
    )
    .execute();
  await db
    .deleteFrom('login_failures')
    .where('window_started_at', '<', now - limits.windowMs)
    .execute();
}
